package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableScan;
import io.mars.common.operand.dataframe.ChunkTableScanTotal;
import io.mars.common.operand.dataframe.ChunkTableWindow;
import io.mars.common.operand.dataframe.ScanFn;
import io.mars.common.operand.dataframe.TableScan;
import io.mars.common.operand.dataframe.TableWindow;
import io.mars.common.operand.dataframe.WindowFn;
import java.util.List;

/** One instance of every running and window operand, with values that differ from defaults. */
final class WindowOperandSamples {
    private WindowOperandSamples() {
    }

    static List<Operand> all() {
        return List.of(
                new TableScan(ScanFn.CUMPROD, List.of("x", "y")),
                new ChunkTableScanTotal(ScanFn.CUMMAX, List.of("k")),
                new ChunkTableScan(ScanFn.FFILL, List.of("s", "x")),
                new TableWindow(WindowFn.ROLLING_STD, 5, 3, List.of("x")),
                new ChunkTableWindow(WindowFn.SHIFT, -2, 0, List.of("x", "s"), List.of(
                        new ChunkTableAssemble.Piece(0, 3, 4), new ChunkTableAssemble.Piece(1, 0, 7)), 4, 7),
                new io.mars.common.operand.dataframe.TableEwm(io.mars.common.operand.dataframe.EwmFn.VAR, 0.25, false,
                        true, 3, true, List.of("x", "y"), "r"),
                new io.mars.common.operand.dataframe.ChunkTableEwm(io.mars.common.operand.dataframe.EwmFn.STD, 0.5,
                        false, true, 2, true, List.of("y"), ""),
                new io.mars.common.operand.dataframe.ChunkTableEwmCarry(0.75, false, true, List.of("x", "k"), "r"),
                new io.mars.common.operand.dataframe.TableGroupScan(ScanFn.CUMMIN, List.of("x"), "r"),
                new io.mars.common.operand.dataframe.ChunkTableGroupScan(ScanFn.CUMPROD, List.of("y", "x"), "r2"),
                new io.mars.common.operand.dataframe.ChunkTableGroupScanTotal(ScanFn.CUMMAX, List.of("k"), "r3"),
                new io.mars.common.operand.dataframe.TableIloc(0, 0, 1, new long[] {4, -1, 0, 0}));
    }
}
