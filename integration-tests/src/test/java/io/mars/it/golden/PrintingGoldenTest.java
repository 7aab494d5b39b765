package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code NDArray.toString()}/{@code str()} against numpy's {@code repr}/{@code str}, and {@code LocalTable.toString()}
 * against pandas' {@code repr}, for the cases of src/test/python/golden_printing_numpy.py and
 * golden_printing_pandas.py (resources golden/printing/).
 */
class PrintingGoldenTest {
    private static JsonNode load(String file) {
        try (InputStream in = PrintingGoldenTest.class.getResourceAsStream("/golden/printing/" + file)) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> arrays() {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode c : load("ndarray.json").get("cases")) {
            out.add(Arguments.of(c.get("name").asText(), c));
        }
        return out.stream();
    }

    static Stream<Arguments> tables() {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode c : load("table.json").get("cases")) {
            out.add(Arguments.of(c.get("name").asText(), c));
        }
        return out.stream();
    }

    @Test
    void goldenFilesHoldTheCases() {
        assertThat(load("ndarray.json").get("cases").size()).isGreaterThanOrEqualTo(60);
        assertThat(load("table.json").get("cases").size()).isGreaterThanOrEqualTo(35);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("arrays")
    void arrayPrintsAsNumpyRepr(String name, JsonNode c) {
        assertThat(array(c).toString()).isEqualTo(c.get("repr").asText());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("arrays")
    void arrayStrPrintsAsNumpyStr(String name, JsonNode c) {
        assertThat(array(c).str()).isEqualTo(c.get("str").asText());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void tablePrintsAsPandasRepr(String name, JsonNode c) {
        List<Column> columns = new ArrayList<>();
        for (JsonNode col : c.get("columns")) {
            columns.add(column(col.get("name").asText(), col));
        }
        JsonNode index = c.get("index");
        Column labels = index == null || index.isNull() ? null
                : column(index.get("name").isNull() ? "" : index.get("name").asText(), index);
        LocalTable table = new LocalTable(columns, labels);
        assertThat(table.toString()).isEqualTo(c.get("repr").asText());
    }

    private static NDArray array(JsonNode c) {
        DataType dtype = DataType.fromNumpyName(c.get("dtype").asText());
        long[] shape = new long[c.get("shape").size()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = c.get("shape").get(i).asLong();
        }
        JsonNode values = c.get("values");
        NDArray a = NDArray.allocate(dtype, shape);
        for (int i = 0; i < values.size(); i++) {
            JsonNode v = values.get(i);
            if (v.isBoolean()) {
                a.setLong(i, v.asBoolean() ? 1 : 0);
            } else if (v.isIntegralNumber()) {
                a.setLong(i, v.asLong());
            } else {
                a.setDouble(i, number(v));
            }
        }
        return a;
    }

    private static double number(JsonNode v) {
        if (v.isTextual()) {
            return switch (v.asText()) {
                case "nan" -> Double.NaN;
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                case "-0.0" -> -0.0;
                default -> throw new IllegalArgumentException(v.asText());
            };
        }
        return v.asDouble();
    }

    private static Column column(String name, JsonNode col) {
        DType dtype = DType.fromName(col.get("dtype").asText());
        List<Object> values = new ArrayList<>();
        for (JsonNode v : col.get("values")) {
            values.add(v.isNull() ? null : switch (dtype) {
                case BOOL -> v.asBoolean();
                case INT32, INT64, TIMESTAMP, TIMEDELTA -> v.asLong();
                case FLOAT32, FLOAT64 -> number(v);
                case STRING -> v.asText();
            });
        }
        return Column.of(name, dtype, values);
    }
}
