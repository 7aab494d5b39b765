package io.mars.common.wire;

import io.mars.common.graph.Tileable;
import io.mars.common.model.Keys;
import io.mars.common.operand.Operand;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The key of a new tileable: unique per process, or, in a run whose keys repeat ({@link Keys#repeatable(String)}), a
 * digest of what the tileable is, its operand's encoding and its inputs' keys, with its number in the sequence.
 */
public final class TileableKeys {
    private TileableKeys() {
    }

    public static String newKey(String kind, Operand op, List<? extends Tileable> inputs) {
        if (!Keys.isRepeatable()) {
            return Keys.newKey(kind);
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        try {
            content.writeBytes(OperandCodec.toBytes(op));
        } catch (RuntimeException notEncodable) {
            return Keys.newKey(kind); // it cannot be told apart from another: unique, so never taken for one
        }
        for (Tileable in : inputs) {
            content.write(0);
            content.writeBytes(in.key().getBytes(StandardCharsets.UTF_8));
        }
        return Keys.newKey(kind, content.toByteArray());
    }
}
