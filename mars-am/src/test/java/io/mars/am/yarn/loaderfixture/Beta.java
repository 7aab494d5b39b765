package io.mars.am.yarn.loaderfixture;

/** The second class of JobClassLoaderTest's jar. */
final class Beta {
    String name() {
        return "beta";
    }
}
