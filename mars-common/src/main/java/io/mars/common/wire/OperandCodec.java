package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Operand;
import io.mars.common.wire.avro.OperandRecord;

/**
 * Encodes operand records by their components: the type is the operand's {@link io.mars.common.operand.WireName},
 * the params are the record components by name. Decoding finds the class in {@link OperandRegistry} and calls the
 * canonical constructor. Reflection is cached per class.
 */
public final class OperandCodec {
    private OperandCodec() {
    }

    /** The record of an operand; the operand's class must be registered, so that what is sent can be read back. */
    public static OperandRecord encode(Operand op) {
        Class<? extends Operand> type = op.getClass();
        if (!OperandRegistry.isRegistered(type)) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "operand " + type.getName()
                    + " is not registered in " + OperandRegistry.class.getSimpleName() + " under its wire name");
        }
        return new OperandRecord(op.wireName(), RecordCodec.of(type).encode(op));
    }

    /**
     * The operand of a record. Throws SERIALIZATION_FAILED naming the wire name (and the parameter) for an unknown
     * wire name, a missing, unknown or mistyped parameter, or a value the operand's constructor rejects.
     */
    public static Operand decode(OperandRecord record) {
        String wireName = record.getType();
        Class<? extends Operand> type = OperandRegistry.classOf(wireName);
        try {
            return type.cast(RecordCodec.of(type).decode(record.getParams()));
        } catch (WireMismatch m) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode operand '" + wireName + "' ("
                    + type.getSimpleName() + "): " + m.describe(), m.getCause());
        }
    }

    /** One operand alone in Avro binary (an {@link OperandRecord}). */
    public static byte[] toBytes(Operand op) {
        return AvroBinary.write(encode(op));
    }

    public static Operand fromBytes(byte[] bytes) {
        return decode(AvroBinary.read(bytes, OperandRecord.class, false));
    }
}
