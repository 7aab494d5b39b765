package io.mars.common.operand;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The stable name an operand record is stored and sent under. Renaming the class never breaks a stored graph;
 * changing this string does.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface WireName {
    String value();
}
