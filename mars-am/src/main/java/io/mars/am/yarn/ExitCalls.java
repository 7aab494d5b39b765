package io.mars.am.yarn;

import java.nio.charset.StandardCharsets;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites a job class's calls that would end the JVM into calls of {@link JobExits}: {@code System.exit(int)},
 * {@code Runtime.exit(int)} and {@code Runtime.halt(int)}, called directly or as a method reference
 * ({@code System::exit}). Each replacement takes the same operands from the stack, so no frame or stack size changes.
 * A class that names neither {@code exit} nor {@code halt} is returned as it is, unparsed. Calls through reflection are
 * not seen.
 */
final class ExitCalls {
    private static final String HOOK = "io/mars/am/yarn/JobExits";
    private static final String SYSTEM = "java/lang/System";
    private static final String RUNTIME = "java/lang/Runtime";
    private static final String INT_VOID = "(I)V";
    private static final String RUNTIME_INT_VOID = "(Ljava/lang/Runtime;I)V";

    private ExitCalls() {
    }

    /** The class file {@code bytes} with its exit calls rewritten; the same array when it has none. */
    static byte[] rewrite(byte[] bytes) {
        if (!mentions(bytes, "exit") && !mentions(bytes, "halt")) {
            return bytes;
        }
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature,
                        exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (opcode == Opcodes.INVOKESTATIC && isSystemExit(owner, method, desc)) {
                            changed[0] = true;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "exit", INT_VOID, false);
                        } else if (opcode == Opcodes.INVOKEVIRTUAL && isRuntimeExit(owner, method, desc)) {
                            changed[0] = true;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, method, RUNTIME_INT_VOID, false);
                        } else {
                            super.visitMethodInsn(opcode, owner, method, desc, itf);
                        }
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String name, String desc, Handle bootstrap, Object... args) {
                        Object[] mapped = args.clone();
                        for (int i = 0; i < mapped.length; i++) {
                            if (mapped[i] instanceof Handle h) {
                                Handle hooked = hooked(h);
                                if (hooked != h) {
                                    changed[0] = true;
                                    mapped[i] = hooked;
                                }
                            }
                        }
                        super.visitInvokeDynamicInsn(name, desc, bootstrap, mapped);
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : bytes;
    }

    /** A method handle of an exit call as one of the hook's; any other handle as it is. */
    private static Handle hooked(Handle h) {
        if (h.getTag() == Opcodes.H_INVOKESTATIC && isSystemExit(h.getOwner(), h.getName(), h.getDesc())) {
            return new Handle(Opcodes.H_INVOKESTATIC, HOOK, "exit", INT_VOID, false);
        }
        if (h.getTag() == Opcodes.H_INVOKEVIRTUAL && isRuntimeExit(h.getOwner(), h.getName(), h.getDesc())) {
            return new Handle(Opcodes.H_INVOKESTATIC, HOOK, h.getName(), RUNTIME_INT_VOID, false);
        }
        return h;
    }

    private static boolean isSystemExit(String owner, String name, String desc) {
        return owner.equals(SYSTEM) && name.equals("exit") && desc.equals(INT_VOID);
    }

    private static boolean isRuntimeExit(String owner, String name, String desc) {
        return owner.equals(RUNTIME) && (name.equals("exit") || name.equals("halt")) && desc.equals(INT_VOID);
    }

    /** Whether {@code bytes} hold the ASCII {@code word} (a constant pool entry naming a method has it). */
    private static boolean mentions(byte[] bytes, String word) {
        byte[] w = word.getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i + w.length <= bytes.length; i++) {
            for (int j = 0; j < w.length; j++) {
                if (bytes[i + j] != w[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
