package io.mars.it.golden;

import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.Series;
import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import io.mars.types.DType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The string and datetime accessors of issue 18 (strip/pad/zfill/count/find/get/extract, hour/minute/second/quarter/
 * dayofyear/weekofyear/strftime/floor/ceil/round) and {@code toDatetime} with a format against pandas: every case of
 * {@code golden/dataframe/text_dates.json} (written by {@code src/test/python/golden_dataframe_text_dates.py}) with
 * one chunk, a chunk per row and uneven chunks.
 */
class DataFrameTextDatesGoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    static {
        add("dropna_all_subset_none", (df, d, e) -> df.dropna("all", null));
        add("dropna_any_subset_none", (df, d, e) -> df.dropna("any", null));
        add("drop_duplicates_k_first", (df, d, e) -> df.dropDuplicates(List.of("k"), "first"));
        add("drop_duplicates_k_last", (df, d, e) -> df.dropDuplicates(List.of("k"), "last"));
        add("drop_duplicates_k_none", (df, d, e) -> df.dropDuplicates(List.of("k"), "none"));
        add("drop_duplicates_g_b_last", (df, d, e) -> df.dropDuplicates(List.of("g", "b"), "last"));
        add("drop_duplicates_g_none", (df, d, e) -> df.dropDuplicates(List.of("g"), "none"));
        add("drop_duplicates_s_series_last", (df, d, e) -> df.col("s").dropDuplicates("last"));
        add("drop_duplicates_s_series_none", (df, d, e) -> df.col("s").dropDuplicates("none"));
        add("empty_drop_duplicates_none", (df, d, e) -> e.dropDuplicates(List.of("k"), "none"));
        add("concat_int_float", (df, d, e) -> DataFrames.concat(df.select("k", "y"),
                df.select("k", "x").rename(Map.of("x", "y"))).resetIndex(true));
        add("concat_series_int_float", (df, d, e) -> DataFrames.concat(df.col("y"), df.col("x").rename("y")));
        add("str_strip", (df, d, e) -> w(d).str().strip());
        add("str_lstrip", (df, d, e) -> w(d).str().lstrip());
        add("str_rstrip", (df, d, e) -> w(d).str().rstrip());
        add("str_strip_chars", (df, d, e) -> w(d).str().strip("ab"));
        add("str_lstrip_chars", (df, d, e) -> w(d).str().lstrip("+-"));
        add("str_rstrip_chars", (df, d, e) -> w(d).str().rstrip("a"));
        add("str_zfill_5", (df, d, e) -> w(d).str().zfill(5));
        add("str_pad_6", (df, d, e) -> w(d).str().pad(6));
        add("str_pad_7_both", (df, d, e) -> w(d).str().pad(7, "both", '*'));
        add("str_pad_8_both", (df, d, e) -> w(d).str().pad(8, "both", '*'));
        add("str_pad_6_right", (df, d, e) -> w(d).str().pad(6, "right", '.'));
        add("str_count_a", (df, d, e) -> w(d).str().count("a").astype(DType.FLOAT64));
        add("str_count_regex", (df, d, e) -> w(d).str().count("[0-9]").astype(DType.FLOAT64));
        add("str_find_a", (df, d, e) -> w(d).str().find("a").astype(DType.FLOAT64));
        add("str_rfind_a", (df, d, e) -> w(d).str().rfind("a").astype(DType.FLOAT64));
        add("str_get_0", (df, d, e) -> w(d).str().get(0));
        add("str_get_neg_1", (df, d, e) -> w(d).str().get(-1));
        add("str_extract_digits", (df, d, e) -> w(d).str().extract("(\\d+)"));
        add("str_capitalize", (df, d, e) -> w(d).str().capitalize());
        add("str_isdigit", (df, d, e) -> w(d).fillna("7").str().isdigit());
        add("str_strip_df_s", (df, d, e) -> df.col("s").str().strip("a"));
        add("dt_hour", (df, d, e) -> t(d).dt().hour().astype(DType.FLOAT64));
        add("dt_minute", (df, d, e) -> t(d).dt().minute().astype(DType.FLOAT64));
        add("dt_second", (df, d, e) -> t(d).dt().second().astype(DType.FLOAT64));
        add("dt_quarter", (df, d, e) -> t(d).dt().quarter().astype(DType.FLOAT64));
        add("dt_dayofyear", (df, d, e) -> t(d).dt().dayofyear().astype(DType.FLOAT64));
        add("dt_weekofyear", (df, d, e) -> t(d).dt().weekofyear().astype(DType.FLOAT64));
        add("dt_strftime_iso", (df, d, e) -> t(d).dt().strftime("%Y-%m-%d %H:%M:%S"));
        add("dt_strftime_names", (df, d, e) -> t(d).dt().strftime("%d %b %Y, %a %I%p day %j %B %A %y %f %%"));
        add("dt_floor_h", (df, d, e) -> t(d).dt().floor("H"));
        add("dt_ceil_d", (df, d, e) -> t(d).dt().ceil("D"));
        add("dt_round_h", (df, d, e) -> t(d).dt().round("H"));
        add("dt_round_min", (df, d, e) -> t(d).dt().round("min"));
        add("dt_floor_s_after_filter", (df, d, e) -> d.filter(t(d).dt().year().gt(2000.0)).col("t").dt().floor("S"));
        add("to_datetime_format", (df, d, e) -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y %H:%M"));
        add("to_datetime_date_only", (df, d, e) -> DataFrames.toDatetime(d.col("text").str().extract("(\\S+)"),
                "%d/%m/%Y"));
        add("to_datetime_coerce", (df, d, e) -> DataFrames.toDatetime(d.col("m"), "%d/%m/%Y", "coerce"));
        add("to_datetime_coerce_none_match", (df, d, e) -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y",
                "coerce"));
        add("to_datetime_coerce_all_match", (df, d, e) -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y %H:%M",
                "coerce"));
        add("to_datetime_raise_nat_strings", (df, d, e) -> DataFrames.toDatetime(d.filter(d.col("m").isin(
                java.util.List.of("29/02/2024", "NaT", "1/1/2000", "11/04/2262"))).col("m"), "%d/%m/%Y", "raise"));
    }

    private static Series w(DataFrame d) {
        return d.col("w");
    }

    private static Series t(DataFrame d) {
        return d.col("t");
    }

    DataFrameTextDatesGoldenTest() {
        super("golden/dataframe/text_dates.json", "d");
    }

    @Override
    Map<String, DataFrameGoldenTest.ThreeFrames> cases() {
        return CASES;
    }

    @Override
    ClientSession session() {
        return CLUSTER.session();
    }
}
