package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.wire.avro.MessageRecord;

/**
 * Avro encoding of RPC messages: any Java record whose components the wire format can hold (see
 * {@link ValueConverter}), written as a {@link MessageRecord} of its simple name and components. The reader names the
 * type it expects, so a message meant for another call fails with a clear error instead of decoding into nonsense.
 */
public final class MessageCodec {
    private MessageCodec() {
    }

    public static byte[] encode(Record message) {
        Class<?> type = message.getClass();
        return AvroBinary.write(MessageRecord.newBuilder()
                .setFormatVersion(AvroBinary.FORMAT_VERSION)
                .setType(type.getSimpleName())
                .setFields(RecordCodec.of(type).encode(message))
                .build());
    }

    public static <T extends Record> T decode(byte[] bytes, Class<T> type) {
        MessageRecord r = AvroBinary.read(bytes, MessageRecord.class, true);
        if (!r.getType().equals(type.getSimpleName())) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                    "expected a " + type.getSimpleName() + " message but got a " + r.getType());
        }
        try {
            return type.cast(RecordCodec.of(type).decode(r.getFields()));
        } catch (WireMismatch m) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode message " + type.getSimpleName()
                    + ": " + m.describe(), m.getCause());
        }
    }
}
