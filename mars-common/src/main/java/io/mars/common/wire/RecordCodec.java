package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.wire.avro.Value;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Encodes one record class as a map of its component names to {@link Value}s, and decodes it through the canonical
 * constructor. The reflection (accessors, constructor, a converter per component) is done once per class and cached.
 */
final class RecordCodec {
    private static final ClassValue<RecordCodec> CACHE = new ClassValue<>() {
        @Override
        protected RecordCodec computeValue(Class<?> type) {
            return new RecordCodec(type);
        }
    };

    private final Class<?> type;
    private final String[] names;
    private final Method[] accessors;
    private final ValueConverter[] converters;
    private final Constructor<?> constructor;
    private final Map<String, Integer> positions;

    private RecordCodec(Class<?> type) {
        if (!type.isRecord()) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                    type.getName() + " is not a record; only records can be encoded by their components");
        }
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        int n = components.length;
        names = new String[n];
        accessors = new Method[n];
        converters = new ValueConverter[n];
        positions = new HashMap<>(n * 2);
        Class<?>[] parameterTypes = new Class<?>[n];
        for (int i = 0; i < n; i++) {
            RecordComponent c = components[i];
            names[i] = c.getName();
            accessors[i] = c.getAccessor();
            accessors[i].setAccessible(true);
            converters[i] = ValueConverter.forType(c.getGenericType(),
                    "component '" + c.getName() + "' of " + type.getName());
            positions.put(c.getName(), i);
            parameterTypes[i] = c.getType();
        }
        try {
            constructor = type.getDeclaredConstructor(parameterTypes);
            constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, type.getName() + " has no canonical constructor", e);
        }
    }

    static RecordCodec of(Class<?> type) {
        return CACHE.get(type);
    }

    Class<?> type() {
        return type;
    }

    Map<String, Value> encode(Object record) {
        Map<String, Value> out = new LinkedHashMap<>(names.length * 2);
        for (int i = 0; i < names.length; i++) {
            Object v;
            try {
                v = accessors[i].invoke(record);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                        "cannot read component '" + names[i] + "' of " + type.getName(), e);
            }
            out.put(names[i], converters[i].encode(v));
        }
        return out;
    }

    /** Builds the record from its encoded components; throws {@link WireMismatch} naming the offending one. */
    Object decode(Map<String, Value> fields) {
        Object[] args = new Object[names.length];
        for (int i = 0; i < names.length; i++) {
            Value v = fields.get(names[i]);
            if (v == null) {
                throw new WireMismatch("is missing").at(names[i]);
            }
            try {
                args[i] = converters[i].decode(v);
            } catch (WireMismatch m) {
                throw m.at(names[i]);
            }
        }
        if (fields.size() != names.length) {
            for (String k : fields.keySet()) {
                if (!positions.containsKey(k)) {
                    throw new WireMismatch("is not a component of " + type.getSimpleName()).at(k);
                }
            }
        }
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new WireMismatch("was rejected by " + type.getSimpleName() + ": " + cause.getMessage(), cause);
        } catch (ReflectiveOperationException e) {
            throw new WireMismatch("cannot be built: " + e, e);
        }
    }
}
