package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.wire.avro.DoubleArray;
import io.mars.common.wire.avro.IntArray;
import io.mars.common.wire.avro.LongArray;
import io.mars.common.wire.avro.NDArrayRecord;
import io.mars.common.wire.avro.Value;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Converts the values of one declared Java type to and from the datum of a {@link Value} (the branch of its union).
 * Built once per record component from the component's generic type, so encoding does no type dispatch.
 */
interface ValueConverter {
    /** The union datum for a non-null value. */
    Object toWire(Object value);

    /** The Java value of a union datum; throws {@link WireMismatch} when the datum does not fit. */
    Object fromWire(Object datum);

    default Value encode(Object value) {
        return new Value(value == null ? null : toWire(value));
    }

    default Object decode(Value value) {
        return fromWire(value.getValue());
    }

    /**
     * The converter for a declared type; {@code where} names the component for the error when the type has no wire
     * form.
     */
    static ValueConverter forType(Type type, String where) {
        if (type instanceof Class<?> c) {
            return forClass(c, where);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return new NullSafe(new ListConverter(forType(p.getActualTypeArguments()[0], where + " element")));
        }
        if (type instanceof ParameterizedType p && p.getRawType() == java.util.Set.class) {
            return new NullSafe(new SetConverter(new ListConverter(forType(p.getActualTypeArguments()[0],
                    where + " element"))));
        }
        if (type instanceof ParameterizedType p && p.getRawType() == Map.class
                && p.getActualTypeArguments()[0] == String.class) {
            return new NullSafe(new MapConverter(forType(p.getActualTypeArguments()[1], where + " value")));
        }
        if (type instanceof WildcardType w && w.getUpperBounds().length == 1) {
            return forType(w.getUpperBounds()[0], where);
        }
        if (type instanceof GenericArrayType g && g.getGenericComponentType() instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            return new NullSafe(new ObjectArrayConverter(raw, forType(g.getGenericComponentType(), where + " element")));
        }
        throw unsupported(type, where);
    }

    private static ValueConverter forClass(Class<?> c, String where) {
        if (c == boolean.class) {
            return new Direct(Boolean.class, "boolean");
        }
        if (c == int.class) {
            return new Direct(Integer.class, "int");
        }
        if (c == long.class) {
            return new Direct(Long.class, "long");
        }
        if (c == double.class) {
            return new Direct(Double.class, "double");
        }
        return new NullSafe(forReferenceClass(c, where));
    }

    private static ValueConverter forReferenceClass(Class<?> c, String where) {
        if (c == Boolean.class) {
            return new Direct(Boolean.class, "boolean");
        }
        if (c == Integer.class) {
            return new Direct(Integer.class, "int");
        }
        if (c == Long.class) {
            return new Direct(Long.class, "long");
        }
        if (c == Double.class) {
            return new Direct(Double.class, "double");
        }
        if (c == String.class) {
            return new StringConverter();
        }
        if (c == DataType.class) {
            return new DataTypeConverter();
        }
        if (c.isEnum()) {
            return new EnumConverter(c.asSubclass(Enum.class));
        }
        if (c == byte[].class) {
            return new BytesConverter();
        }
        if (c == long[].class) {
            return new LongArrayConverter();
        }
        if (c == int[].class) {
            return new IntArrayConverter();
        }
        if (c == double[].class) {
            return new DoubleArrayConverter();
        }
        if (c == NDArray.class) {
            return new NDArrayConverter();
        }
        if (c.isArray() && !c.getComponentType().isPrimitive()) {
            return new ObjectArrayConverter(c.getComponentType(), forType(c.getComponentType(), where + " element"));
        }
        if (c.isRecord()) {
            return new RecordConverter(c);
        }
        throw unsupported(c, where);
    }

    private static RuntimeException unsupported(Type type, String where) {
        return new MarsException(ErrorCode.SERIALIZATION_FAILED, where + " has the type " + type.getTypeName()
                + ", which the wire format cannot hold; supported are boolean, int, long, double, String, enums, "
                + "DataType, byte[], long[], int[], double[], NDArray, records, and arrays, Lists, Sets and "
                + "String-keyed Maps of these");
    }

    /** Passes null through; the wrapped converter sees only non-null values and data. */
    record NullSafe(ValueConverter inner) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return value == null ? null : inner.toWire(value);
        }

        @Override
        public Object fromWire(Object datum) {
            return datum == null ? null : inner.fromWire(datum);
        }
    }

    /** Values Avro holds as they are: Boolean, Integer, Long, Double. */
    record Direct(Class<?> boxed, String wireType) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return value;
        }

        @Override
        public Object fromWire(Object datum) {
            if (!boxed.isInstance(datum)) {
                throw WireMismatch.expected(wireType, datum);
            }
            return datum;
        }
    }

    record StringConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return value;
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof CharSequence s)) {
                throw WireMismatch.expected("string", datum);
            }
            return s.toString();
        }
    }

    /** A dtype by its numpy name, the name every other record uses too. */
    record DataTypeConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return ((DataType) value).numpyName();
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof CharSequence s)) {
                throw WireMismatch.expected("string (a numpy dtype name)", datum);
            }
            for (DataType t : DataType.values()) {
                if (t.numpyName().contentEquals(s)) {
                    return t;
                }
            }
            throw new WireMismatch("is the unknown dtype '" + s + "'");
        }
    }

    /** An enum constant by its {@code name()}. */
    record EnumConverter(Class<? extends Enum> type) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return ((Enum<?>) value).name();
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object fromWire(Object datum) {
            if (!(datum instanceof CharSequence s)) {
                throw WireMismatch.expected("string (a " + type.getSimpleName() + " name)", datum);
            }
            try {
                return Enum.valueOf(type, s.toString());
            } catch (IllegalArgumentException e) {
                throw new WireMismatch("is '" + s + "', not a " + type.getSimpleName() + " constant");
            }
        }
    }

    /** A byte[] as Avro bytes. */
    record BytesConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return ByteBuffer.wrap((byte[]) value);
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof ByteBuffer b)) {
                throw WireMismatch.expected("bytes", datum);
            }
            byte[] out = new byte[b.remaining()];
            b.duplicate().get(out);
            return out;
        }
    }

    record LongArrayConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return new LongArray(Wire.longList((long[]) value));
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof LongArray a)) {
                throw WireMismatch.expected("long[]", datum);
            }
            return Wire.longArray(a.getValues());
        }
    }

    record IntArrayConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return new IntArray(Wire.intList((int[]) value));
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof IntArray a)) {
                throw WireMismatch.expected("int[]", datum);
            }
            return Wire.intArray(a.getValues());
        }
    }

    record DoubleArrayConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return new DoubleArray(Wire.doubleList((double[]) value));
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof DoubleArray a)) {
                throw WireMismatch.expected("double[]", datum);
            }
            return Wire.doubleArray(a.getValues());
        }
    }

    record NDArrayConverter() implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return NDArrayCodec.encode((NDArray) value);
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof NDArrayRecord r)) {
                throw WireMismatch.expected("ndarray", datum);
            }
            try {
                return NDArrayCodec.decode(r);
            } catch (RuntimeException e) {
                throw new WireMismatch("is a bad array: " + e.getMessage(), e);
            }
        }
    }

    /** An array of references (e.g. {@code long[][]}) as an Avro array of Values. */
    record ObjectArrayConverter(Class<?> componentType, ValueConverter element) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            int n = Array.getLength(value);
            List<Value> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(element.encode(Array.get(value, i)));
            }
            return out;
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof List<?> list)) {
                throw WireMismatch.expected("array", datum);
            }
            Object out = Array.newInstance(componentType, list.size());
            for (int i = 0; i < list.size(); i++) {
                try {
                    Array.set(out, i, element.decode((Value) list.get(i)));
                } catch (WireMismatch m) {
                    throw m.at(i);
                }
            }
            return out;
        }
    }

    /** A List as an Avro array of Values; decodes to an unmodifiable list (which may hold nulls). */
    record ListConverter(ValueConverter element) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            List<?> list = (List<?>) value;
            List<Value> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(element.encode(o));
            }
            return out;
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof List<?> list)) {
                throw WireMismatch.expected("array", datum);
            }
            List<Object> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                try {
                    out.add(element.decode((Value) list.get(i)));
                } catch (WireMismatch m) {
                    throw m.at(i);
                }
            }
            return Collections.unmodifiableList(out);
        }
    }

    /** A Set as an Avro array of Values (in the set's iteration order); decodes to an unmodifiable set. */
    record SetConverter(ListConverter list) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return list.toWire(List.copyOf((java.util.Set<?>) value));
        }

        @Override
        public Object fromWire(Object datum) {
            return java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>((List<?>) list.fromWire(datum)));
        }
    }

    /** A String-keyed Map as an Avro map of Values; decodes to an unmodifiable map keeping the wire order. */
    record MapConverter(ValueConverter value) implements ValueConverter {
        @Override
        public Object toWire(Object map) {
            Map<String, Value> out = new java.util.LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) map).entrySet()) {
                out.put((String) e.getKey(), value.encode(e.getValue()));
            }
            return out;
        }

        @Override
        public Object fromWire(Object datum) {
            if (!(datum instanceof Map<?, ?> map)) {
                throw WireMismatch.expected("map", datum);
            }
            Map<String, Object> out = new java.util.LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String k = e.getKey().toString();
                try {
                    out.put(k, value.decode((Value) e.getValue()));
                } catch (WireMismatch m) {
                    throw m.at(k);
                }
            }
            return java.util.Collections.unmodifiableMap(out);
        }
    }

    /** A nested record as a map of its components; the codec is looked up at use so records may nest themselves. */
    record RecordConverter(Class<?> type) implements ValueConverter {
        @Override
        public Object toWire(Object value) {
            return RecordCodec.of(type).encode(value);
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object fromWire(Object datum) {
            if (!(datum instanceof Map<?, ?> map)) {
                throw WireMismatch.expected("map (a " + type.getSimpleName() + ")", datum);
            }
            return RecordCodec.of(type).decode((Map<String, Value>) map);
        }
    }
}
