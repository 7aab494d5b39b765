package io.mars.am.yarn.loaderfixture;

/** A class of a job's jar for JobClassLoaderTest: it uses another class of the same jar. */
public final class Alpha implements java.util.function.Supplier<String> {
    @Override
    public String get() {
        return "alpha+" + new Beta().name();
    }
}
