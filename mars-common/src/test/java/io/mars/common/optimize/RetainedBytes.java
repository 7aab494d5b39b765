package io.mars.common.optimize;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A deterministic estimate of the bytes an object graph holds, for tests: every object reachable from a root, counted
 * once, by a fixed model of the HotSpot layout of a 64-bit JVM with compressed pointers (12-byte headers, 4-byte
 * references, 16-byte array headers, sizes rounded up to 8). Mars objects are walked field by field; strings, arrays,
 * boxed numbers and JDK collections by their shape. Anything else from the JDK is refused, so that a new kind of object
 * in the graph is a decision rather than a silent zero. Classes and enum constants are shared and count nothing.
 */
final class RetainedBytes {
    private final Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Class<?>, List<Field>> refFields = new HashMap<>();
    private final Map<Class<?>, Long> shallow = new HashMap<>();
    private final Deque<Object> todo = new ArrayDeque<>();
    private long bytes;

    /** The bytes held by everything reachable from {@code roots}, each object once. */
    static long of(Object... roots) {
        RetainedBytes r = new RetainedBytes();
        for (Object root : roots) {
            r.push(root);
        }
        while (!r.todo.isEmpty()) {
            r.visit(r.todo.pop());
        }
        return r.bytes;
    }

    private void push(Object o) {
        if (o != null && !(o instanceof Class<?>) && !(o instanceof Enum<?>) && seen.add(o)) {
            todo.push(o);
        }
    }

    private void visit(Object o) {
        Class<?> c = o.getClass();
        if (c.isArray()) {
            Class<?> e = c.getComponentType();
            int n = Array.getLength(o);
            bytes += align(16L + (long) n * size(e));
            if (!e.isPrimitive()) {
                for (Object x : (Object[]) o) {
                    push(x);
                }
            }
            return;
        }
        if (o instanceof String s) {
            bytes += 24 + align(16L + s.length()); // compact (Latin-1) strings: keys are ASCII
            return;
        }
        if (o instanceof Integer || o instanceof Float || o instanceof Short || o instanceof Character
                || o instanceof Byte || o instanceof Boolean) {
            bytes += 16;
            return;
        }
        if (o instanceof Long || o instanceof Double) {
            bytes += 24;
            return;
        }
        if (c.getName().startsWith("java.")) {
            jdk(o);
            return;
        }
        bytes += shallow.computeIfAbsent(c, RetainedBytes::shallowSize);
        for (Field f : refFields.computeIfAbsent(c, RetainedBytes::referenceFields)) {
            try {
                push(f.get(o));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read " + f, e);
            }
        }
    }

    /** A JDK collection: a 24-byte object, an element array past two elements (List.of keeps up to two in fields). */
    private void jdk(Object o) {
        if (o instanceof Collection<?> coll) {
            int n = coll.size();
            bytes += 24 + (n > 2 ? align(16L + 4L * n) : 0);
            coll.forEach(this::push);
            return;
        }
        if (o instanceof Map<?, ?> map) {
            int n = map.size();
            bytes += 48 + 32L * n + align(16L + 4L * Integer.highestOneBit(Math.max(1, n * 2)));
            map.forEach((k, v) -> {
                push(k);
                push(v);
            });
            return;
        }
        throw new IllegalArgumentException("no size model for " + o.getClass().getName() + "; add one");
    }

    private static long shallowSize(Class<?> c) {
        long s = 12;
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    s += size(f.getType());
                }
            }
        }
        return align(s);
    }

    private static List<Field> referenceFields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                if (k.getName().startsWith("java.")) {
                    throw new IllegalArgumentException("no size model for " + k.getName() + "." + f.getName()
                            + ", a reference in a JDK superclass of " + c.getName());
                }
                f.setAccessible(true);
                out.add(f);
            }
        }
        return out;
    }

    private static long size(Class<?> t) {
        if (t == long.class || t == double.class) {
            return 8;
        }
        if (t == int.class || t == float.class) {
            return 4;
        }
        if (t == short.class || t == char.class) {
            return 2;
        }
        if (t == byte.class || t == boolean.class) {
            return 1;
        }
        return 4;
    }

    private static long align(long n) {
        return (n + 7) & ~7L;
    }
}
