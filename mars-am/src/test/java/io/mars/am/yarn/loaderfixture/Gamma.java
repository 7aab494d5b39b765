package io.mars.am.yarn.loaderfixture;

/** A class of JobClassLoaderTest's jar that nothing loads before the loader is closed. */
final class Gamma {
}
