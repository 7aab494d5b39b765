package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;

/**
 * How a user function travels: Java serialization of the function object (for a lambda, its
 * {@code SerializedLambda}), read back on the worker with the class loader of the job's classes. The operand holds
 * the bytes, so the wire format never needs to know a user's class.
 */
public final class UserFunctions {
    private UserFunctions() {
    }

    /** The function's bytes; USER_FUNCTION_NOT_SERIALIZABLE naming {@code what} and the class it could not write. */
    public static byte[] serialize(Serializable function, String what) {
        if (function == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + ": the function is null");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(function);
        } catch (IOException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_NOT_SERIALIZABLE, what + ": "
                    + function.getClass().getName() + " cannot be sent to the workers: " + e
                    + "; a lambda may capture only serializable values (not a Session, a stream or an"
                    + " unserializable object)", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The function of {@code bytes}, its classes loaded by {@code loader}; USER_FUNCTION_CLASS_NOT_FOUND when a class
     * is missing there (the job's jar did not reach this process).
     */
    public static <T> T deserialize(byte[] bytes, Class<T> type, ClassLoader loader, String what) {
        try (ObjectInputStream in = new LoaderInputStream(new ByteArrayInputStream(bytes), loader)) {
            return type.cast(in.readObject());
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_CLASS_NOT_FOUND, what + ": the function's class cannot be"
                    + " loaded here (" + e.getMessage() + "); its class must be in the job's jar (mars-submit's"
                    + " application jar or --jars), which the workers load", e);
        } catch (IOException | ClassCastException | IllegalArgumentException e) {
            // a lambda whose $deserializeLambda$ fails comes as an IllegalArgumentException or an IOException
            throw new MarsException(ErrorCode.USER_FUNCTION_CLASS_NOT_FOUND, what + ": the function cannot be read"
                    + " here: " + e + "; its class must be in the job's jar, the same version as the client's", e);
        }
    }

    /**
     * USER_FUNCTION_FAILED for what the function threw, with its message and stack trace in the message (it travels
     * from the worker as text): the frames down to the first of {@code caller}, the class that called the function,
     * and then those of each cause.
     */
    public static MarsException failed(String what, Throwable thrown, Class<?> caller) {
        StringBuilder text = new StringBuilder(what).append(": the user function threw ").append(thrown);
        frames(text, thrown, caller.getName());
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        seen.add(thrown);
        for (Throwable cause = thrown.getCause(); cause != null && seen.add(cause); cause = cause.getCause()) {
            text.append("\nCaused by: ").append(cause);
            frames(text, cause, caller.getName());
        }
        return new MarsException(ErrorCode.USER_FUNCTION_FAILED, text.toString(), thrown);
    }

    private static void frames(StringBuilder text, Throwable t, String caller) {
        StackTraceElement[] frames = t.getStackTrace();
        int shown = 0;
        for (StackTraceElement f : frames) {
            if (f.getClassName().equals(caller) || shown == 64) {
                break;
            }
            text.append("\n\tat ").append(f);
            shown++;
        }
        if (shown < frames.length) {
            text.append("\n\t... ").append(frames.length - shown).append(" more");
        }
    }

    /** Reads classes through a given loader (the job's), as Hadoop's and Spark's deserializers of user code do. */
    private static final class LoaderInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc); // primitives and the JDK's own classes
            }
        }
    }
}
