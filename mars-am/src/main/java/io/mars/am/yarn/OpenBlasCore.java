package io.mars.am.yarn;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rule of {@code bin/mars-openblas.sh} for a YARN worker container, as shell words run before its JVM on its own
 * node: unless the container's environment sets {@code OPENBLAS_CORETYPE}, it names the OpenBLAS kernels the node's
 * CPU flags allow (SkylakeX with AVX-512 F, CD, BW, DQ and VL; Haswell with AVX2 and FMA; else OpenBLAS's own choice),
 * because OpenBLAS falls back to its SSE3-only Prescott kernels on a CPU newer than the library (4x slower matrix
 * products). It is decided on the node, not by the AM, because a cluster's nodes may differ, and kernels the CPU lacks
 * would crash the worker.
 */
public final class OpenBlasCore {
    /** The CPU flags the SkylakeX kernels need. */
    static final List<String> SKYLAKEX_FLAGS = List.of("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl");
    /** The CPU flags the Haswell kernels need. */
    static final List<String> HASWELL_FLAGS = List.of("avx2", "fma");

    private OpenBlasCore() {
    }

    /**
     * The command with the rule before it and {@code exec} before the JVM, so that the JVM stays the container's
     * process. The NodeManager runs the command as {@code bash -c "..."}: there are no double quotes in the rule, and
     * the unset test reads {@code x${OPENBLAS_CORETYPE+set}}, which the outer shell may expand first.
     */
    static String prefixed(List<String> command) {
        return "if [ x${OPENBLAS_CORETYPE+set} = x ]; then"
                + " if " + allFlags(SKYLAKEX_FLAGS) + "; then export OPENBLAS_CORETYPE=SkylakeX;"
                + " elif " + allFlags(HASWELL_FLAGS) + "; then export OPENBLAS_CORETYPE=Haswell; fi; fi;"
                + " exec " + String.join(" ", command);
    }

    /** The core type the rule names on this machine (from its {@code /proc/cpuinfo}), or empty: OpenBLAS's choice. */
    public static Optional<String> forThisCpu() throws IOException {
        Set<String> flags = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
            if (line.startsWith("flags")) {
                flags.addAll(Arrays.asList(line.substring(line.indexOf(':') + 1).trim().split("\\s+")));
                break;
            }
        }
        if (flags.containsAll(SKYLAKEX_FLAGS)) {
            return Optional.of("SkylakeX");
        }
        return flags.containsAll(HASWELL_FLAGS) ? Optional.of("Haswell") : Optional.empty();
    }

    private static String allFlags(List<String> flags) {
        StringBuilder out = new StringBuilder();
        for (String f : flags) {
            if (out.length() > 0) {
                out.append(" && ");
            }
            out.append("grep -qsw ").append(f).append(" /proc/cpuinfo");
        }
        return out.toString();
    }
}
