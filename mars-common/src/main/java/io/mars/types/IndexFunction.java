package io.mars.types;

import java.io.Serializable;

/**
 * A user function of an element's position, for {@code Tensors.fromFunction} (numpy's {@code fromfunction}): it gets
 * the element's index, one coordinate per axis, and returns its value. Serializable, so a lambda of this type travels
 * to the workers; its class must be there too (on YARN: in the job's jar). The array it gets is reused from element to
 * element: read it, do not keep it.
 */
@FunctionalInterface
public interface IndexFunction extends Serializable {
    double apply(long[] index);
}
