package io.mars.container.kernels;

import java.lang.ref.WeakReference;

/**
 * One output array per slot thread, handed back for the thread's next transform of the same size: a transform whose
 * result is only cut into pieces (a pass of an FFT before its transpose) is dropped as soon as the pieces are made,
 * and making the next one in fresh memory costs the zeroing, the page faults and the young collections that copy
 * the live pieces, every subtask. Only an array this class issued on the thread, the latest one, is taken back (so
 * nothing else can still hold it), and it is held weakly: a garbage collection drops it, so nothing is kept once the
 * slot thread stops making such transforms.
 */
final class Recycled {
    private static final ThreadLocal<Slot> SLOT = ThreadLocal.withInitial(Slot::new);

    private Recycled() {
    }

    private static final class Slot {
        /** The array last issued, while it may still be in use. */
        WeakReference<double[]> issued = new WeakReference<>(null);
        /** The array handed back, free for the next {@link #doubles} of its length. */
        WeakReference<double[]> free = new WeakReference<>(null);
    }

    /**
     * An array of {@code length} doubles whose content is undefined (the caller writes every element): the one handed
     * back on this thread when it has that length, else a new one.
     */
    static double[] doubles(int length) {
        Slot slot = SLOT.get();
        double[] a = slot.free.get();
        if (a == null || a.length != length) {
            a = new double[length];
        }
        slot.free = new WeakReference<>(null);
        slot.issued = new WeakReference<>(a);
        return a;
    }

    /**
     * Hands {@code a} back if it is the array last issued on this thread; the caller guarantees nothing reads it any
     * more. Returns whether it was taken.
     */
    static boolean offer(Object a) {
        Slot slot = SLOT.get();
        if (a == null || a != slot.issued.get()) {
            return false;
        }
        slot.issued = new WeakReference<>(null);
        slot.free = new WeakReference<>((double[]) a);
        return true;
    }
}
