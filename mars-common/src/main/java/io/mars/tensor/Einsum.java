package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * numpy.einsum lowered to existing operations: a repeated letter in one operand takes a diagonal, a letter only one
 * operand has (and the output lacks) is summed first, operands are folded left to right with tensordot (letters
 * shared and not needed later are contracted) or, when shared letters must be kept (batch letters), a broadcast
 * multiply and sum; finally a transpose puts the output letters in order.
 */
final class Einsum {
    private Einsum() {
    }

    /** A tensor whose axes are named by letters. */
    private record Labeled(Tensor t, List<Character> labels) {
    }

    static Tensor evaluate(String subscripts, Tensor... operands) {
        String spec = subscripts.replace(" ", "");
        if (spec.contains(".")) {
            Tensor[] broadcast = operands.clone();
            spec = expandEllipsis(subscripts, spec, broadcast);
            return evaluate(subscripts, spec, broadcast);
        }
        return evaluate(subscripts, spec, operands);
    }

    /**
     * Rewrites numpy's "..." into letters the subscripts do not use: an operand's ellipsis stands for the axes its
     * letters do not name, right-aligned against the longest one (broadcast as numpy does: an axis of length 1 is
     * stretched, by broadcastTo on that operand); the output's "..." takes them all, and without "->" the output is
     * the ellipsis axes followed by the letters used once, in order. {@code operands} is updated in place.
     */
    private static String expandEllipsis(String subscripts, String spec, Tensor[] operands) {
        String[] io = spec.split("->", -1);
        if (io.length > 2) {
            throw error(subscripts, operands, "more than one '->'");
        }
        String[] terms = io[0].split(",", -1);
        if (terms.length != operands.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "einsum: subscripts '" + subscripts + "' name "
                    + terms.length + " operand(s) but " + operands.length + " were given");
        }
        int[] extra = new int[terms.length];
        int most = 0;
        for (int i = 0; i < terms.length; i++) {
            String term = terms[i];
            int at = term.indexOf("...");
            if (at >= 0 && term.indexOf("...", at + 3) >= 0 || term.replace("...", "").contains(".")) {
                throw error(subscripts, operands, "invalid ellipsis in '" + term + "' (one '...' per operand)");
            }
            if (at < 0) {
                continue;
            }
            int named = term.length() - 3;
            extra[i] = operands[i].ndim() - named;
            if (extra[i] < 0) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "einsum: operand " + i + " has shape "
                        + Shapes.toString(operands[i].shape()) + " (" + operands[i].ndim() + " dimensions) but"
                        + " subscripts '" + term + "' name " + named + " besides the ellipsis in '" + subscripts + "'");
            }
            most = Math.max(most, extra[i]);
        }
        // the letters "..." becomes: unused ones, in a fixed order
        List<Character> fresh = new ArrayList<>();
        for (char c = 'A'; fresh.size() < most && c <= 'z'; c++) {
            if (Character.isLetter(c) && spec.indexOf(c) < 0) {
                fresh.add(c);
            }
        }
        if (fresh.size() < most) {
            throw error(subscripts, operands, "too many dimensions under the ellipsis (" + most + ")");
        }
        // the broadcast lengths of the ellipsis axes, right-aligned
        long[] lengths = new long[most];
        Arrays.fill(lengths, 1);
        for (int i = 0; i < terms.length; i++) {
            int start = terms[i].indexOf("...");
            for (int k = 0; k < extra[i]; k++) {
                long len = operands[i].shape()[start + k];
                int slot = most - extra[i] + k;
                if (len != 1 && lengths[slot] != 1 && lengths[slot] != len) {
                    throw new MarsException(ErrorCode.SHAPE_MISMATCH, "einsum: operands could not be broadcast"
                            + " together under the ellipsis: shapes " + shapes(operands) + ", subscripts '"
                            + subscripts + "'");
                }
                lengths[slot] = len == 1 ? lengths[slot] : len;
            }
        }
        StringBuilder inputs = new StringBuilder();
        for (int i = 0; i < terms.length; i++) {
            int start = terms[i].indexOf("...");
            StringBuilder letters = new StringBuilder();
            if (start >= 0) {
                long[] target = operands[i].shape().clone();
                for (int k = 0; k < extra[i]; k++) {
                    int slot = most - extra[i] + k;
                    letters.append(fresh.get(slot));
                    target[start + k] = lengths[slot];
                }
                if (!Arrays.equals(target, operands[i].shape())) {
                    operands[i] = operands[i].broadcastTo(target);
                }
            }
            inputs.append(i == 0 ? "" : ",").append(start < 0 ? terms[i] : terms[i].replace("...", letters));
        }
        StringBuilder all = new StringBuilder();
        for (char c : fresh) {
            all.append(c);
        }
        String output;
        if (io.length == 2) {
            if (!io[1].contains("...") && most > 0) {
                throw error(subscripts, operands, "output has more dimensions than subscripts given in einstein sum,"
                        + " but no '...' ellipsis provided to broadcast the extra dimensions.");
            }
            output = io[1].replace("...", all);
        } else {
            Map<Character, Integer> counts = new HashMap<>();
            for (char c : io[0].toCharArray()) {
                if (Character.isLetter(c)) {
                    counts.merge(c, 1, Integer::sum);
                }
            }
            StringBuilder once = new StringBuilder(all);
            for (char c : new TreeSet<>(counts.keySet())) {
                if (counts.get(c) == 1) {
                    once.append(c);
                }
            }
            output = once.toString();
        }
        return inputs + "->" + output;
    }

    private static Tensor evaluate(String subscripts, String spec, Tensor... operands) {
        if (spec.contains(".")) {
            throw error(subscripts, operands, "invalid ellipsis (an output '...' needs one in the inputs)");
        }
        String[] io = spec.split("->", -1);
        if (io.length > 2) {
            throw error(subscripts, operands, "more than one '->'");
        }
        String[] terms = io[0].split(",", -1);
        if (terms.length != operands.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "einsum: subscripts '" + subscripts + "' name "
                    + terms.length + " operand(s) but " + operands.length + " were given");
        }
        Map<Character, Long> sizes = new HashMap<>();
        Map<Character, Integer> counts = new HashMap<>();
        List<Labeled> ops = new ArrayList<>();
        for (int i = 0; i < terms.length; i++) {
            String term = terms[i];
            Tensor t = operands[i];
            if (term.length() != t.ndim()) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "einsum: operand " + i + " has shape "
                        + Shapes.toString(t.shape()) + " (" + t.ndim() + " dimensions) but subscripts '" + term
                        + "' name " + term.length() + " in '" + subscripts + "'");
            }
            List<Character> labels = new ArrayList<>();
            for (int a = 0; a < term.length(); a++) {
                char c = term.charAt(a);
                if (!Character.isLetter(c) || c > 127) {
                    throw error(subscripts, operands, "invalid subscript '" + c + "'");
                }
                Long prev = sizes.putIfAbsent(c, t.shape()[a]);
                if (prev != null && prev != t.shape()[a]) {
                    throw new MarsException(ErrorCode.SHAPE_MISMATCH, "einsum: size of label '" + c
                            + "' for operand " + i + " (" + t.shape()[a] + ") does not match previous terms (" + prev
                            + "); shapes " + shapes(operands) + ", subscripts '" + subscripts + "'");
                }
                labels.add(c);
                counts.merge(c, 1, Integer::sum);
            }
            ops.add(new Labeled(t, labels));
        }
        List<Character> output = new ArrayList<>();
        if (io.length == 2) {
            for (char c : io[1].toCharArray()) {
                if (!sizes.containsKey(c)) {
                    throw error(subscripts, operands, "output subscript '" + c + "' does not appear in the inputs");
                }
                if (output.contains(c)) {
                    throw error(subscripts, operands, "output subscript '" + c + "' appears more than once");
                }
                output.add(c);
            }
        } else {
            for (char c : new TreeSet<>(counts.keySet())) {
                if (counts.get(c) == 1) {
                    output.add(c);
                }
            }
        }
        // per operand: diagonals of repeated letters, then sums of letters nothing else needs
        for (int i = 0; i < ops.size(); i++) {
            Labeled l = diagonals(ops.get(i));
            List<Character> elsewhere = new ArrayList<>(output);
            for (int j = 0; j < ops.size(); j++) {
                if (j != i) {
                    elsewhere.addAll(ops.get(j).labels());
                }
            }
            ops.set(i, sumOut(l, elsewhere));
        }
        Labeled cur = ops.get(0);
        for (int i = 1; i < ops.size(); i++) {
            List<Character> needed = new ArrayList<>(output);
            for (int j = i + 1; j < ops.size(); j++) {
                needed.addAll(ops.get(j).labels());
            }
            cur = pair(cur, ops.get(i), needed);
        }
        cur = sumOut(cur, output);
        int[] perm = new int[output.size()];
        for (int i = 0; i < perm.length; i++) {
            perm[i] = cur.labels().indexOf(output.get(i));
        }
        boolean identity = true;
        for (int i = 0; i < perm.length; i++) {
            identity &= perm[i] == i;
        }
        return identity ? cur.t() : cur.t().transpose(perm);
    }

    private static Labeled diagonals(Labeled l) {
        Tensor t = l.t();
        List<Character> labels = new ArrayList<>(l.labels());
        for (int p = 0; p < labels.size(); p++) {
            int q = labels.subList(p + 1, labels.size()).indexOf(labels.get(p));
            if (q >= 0) {
                q += p + 1;
                char c = labels.get(p);
                t = Linalg.diagonal(t, p, q);
                labels.remove(q);
                labels.remove(p);
                labels.add(c);
                p = -1; // rescan: positions moved
            }
        }
        return new Labeled(t, labels);
    }

    private static Labeled sumOut(Labeled l, List<Character> keep) {
        List<Integer> axes = new ArrayList<>();
        List<Character> rest = new ArrayList<>();
        for (int a = 0; a < l.labels().size(); a++) {
            if (keep.contains(l.labels().get(a))) {
                rest.add(l.labels().get(a));
            } else {
                axes.add(a);
            }
        }
        if (axes.isEmpty()) {
            return l;
        }
        return new Labeled(l.t().sum(axes.stream().mapToInt(Integer::intValue).toArray()), rest);
    }

    private static Labeled pair(Labeled x, Labeled y, List<Character> needed) {
        List<Character> contracted = new ArrayList<>();
        List<Character> batch = new ArrayList<>();
        for (char c : x.labels()) {
            if (y.labels().contains(c)) {
                (needed.contains(c) ? batch : contracted).add(c);
            }
        }
        List<Character> freeX = new ArrayList<>(x.labels());
        freeX.removeAll(contracted);
        freeX.removeAll(batch);
        List<Character> freeY = new ArrayList<>(y.labels());
        freeY.removeAll(contracted);
        freeY.removeAll(batch);
        if (batch.isEmpty()) {
            int[] ax = new int[contracted.size()];
            int[] ay = new int[contracted.size()];
            for (int i = 0; i < ax.length; i++) {
                ax[i] = x.labels().indexOf(contracted.get(i));
                ay[i] = y.labels().indexOf(contracted.get(i));
            }
            List<Character> labels = new ArrayList<>(freeX);
            labels.addAll(freeY);
            return new Labeled(Tensor.tensordot(x.t(), y.t(), ax, ay, "einsum"), labels);
        }
        // (batch, freeX, 1.., contracted) * (batch, 1.., freeY, contracted), summed over contracted
        List<Character> orderX = new ArrayList<>(batch);
        orderX.addAll(freeX);
        orderX.addAll(contracted);
        List<Character> orderY = new ArrayList<>(batch);
        orderY.addAll(freeY);
        orderY.addAll(contracted);
        Tensor tx = permute(x, orderX);
        Tensor ty = permute(y, orderY);
        long[] sx = expand(tx.shape(), batch.size() + freeX.size(), freeY.size());
        long[] sy = expand(ty.shape(), batch.size(), freeX.size());
        Tensor prod = tx.reshape(sx).multiply(ty.reshape(sy));
        List<Character> labels = new ArrayList<>(batch);
        labels.addAll(freeX);
        labels.addAll(freeY);
        if (contracted.isEmpty()) {
            return new Labeled(prod, labels);
        }
        int[] axes = new int[contracted.size()];
        for (int i = 0; i < axes.length; i++) {
            axes[i] = labels.size() + i;
        }
        return new Labeled(prod.sum(axes), labels);
    }

    private static Tensor permute(Labeled l, List<Character> order) {
        int[] perm = new int[order.size()];
        boolean identity = true;
        for (int i = 0; i < perm.length; i++) {
            perm[i] = l.labels().indexOf(order.get(i));
            identity &= perm[i] == i;
        }
        return identity ? l.t() : l.t().transpose(perm);
    }

    /** {@code shape} with {@code count} ones inserted at position {@code at}. */
    private static long[] expand(long[] shape, int at, int count) {
        long[] out = new long[shape.length + count];
        System.arraycopy(shape, 0, out, 0, at);
        Arrays.fill(out, at, at + count, 1);
        System.arraycopy(shape, at, out, at + count, shape.length - at);
        return out;
    }

    private static String shapes(Tensor[] operands) {
        List<String> s = new ArrayList<>();
        for (Tensor t : operands) {
            s.add(Shapes.toString(t.shape()));
        }
        return String.join(", ", s);
    }

    private static MarsException error(String subscripts, Tensor[] operands, String what) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, "einsum: " + what + " in subscripts '" + subscripts
                + "' for operands of shapes " + shapes(operands));
    }
}
