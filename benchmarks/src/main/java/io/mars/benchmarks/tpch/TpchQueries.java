package io.mars.benchmarks.tpch;

import static io.mars.dataframe.GroupBy.named;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.Series;
import io.mars.types.DType;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The 22 TPC-H queries written with the DataFrame API as a pandas user writes them (filters, merges, groupby and
 * sort_values), with the specification's validation parameters. Correlated subqueries become groupbys joined back,
 * {@code EXISTS}/{@code NOT EXISTS} and {@code IN} become left semi and anti merges, and a scalar subquery a one-row
 * frame merged with {@code how='cross'}. Output columns are named as the specification's SQL names them and the rows
 * come in its ORDER BY order.
 */
public final class TpchQueries {
    public static final int COUNT = 22;

    private TpchQueries() {
    }

    /** Query {@code n} (1 to 22) over the tables {@code tables} gives by name (lineitem, orders, ...). */
    public static DataFrame query(int n, Function<String, DataFrame> tables) {
        Tables t = new Tables(tables);
        return switch (n) {
            case 1 -> q1(t);
            case 2 -> q2(t);
            case 3 -> q3(t);
            case 4 -> q4(t);
            case 5 -> q5(t);
            case 6 -> q6(t);
            case 7 -> q7(t);
            case 8 -> q8(t);
            case 9 -> q9(t);
            case 10 -> q10(t);
            case 11 -> q11(t);
            case 12 -> q12(t);
            case 13 -> q13(t);
            case 14 -> q14(t);
            case 15 -> q15(t);
            case 16 -> q16(t);
            case 17 -> q17(t);
            case 18 -> q18(t);
            case 19 -> q19(t);
            case 20 -> q20(t);
            case 21 -> q21(t);
            case 22 -> q22(t);
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "TPC-H has queries 1 to 22, got " + n);
        };
    }

    private record Tables(Function<String, DataFrame> source) {
        DataFrame get(String name) {
            return source.apply(name);
        }
    }

    /** {@code extendedprice * (1 - discount)} of a frame with lineitem's columns. */
    private static Series discounted(DataFrame f) {
        return f.col("l_extendedprice").multiply(f.col("l_discount").rsubtract(1.0));
    }

    static DataFrame q1(Tables t) {
        DataFrame li = t.get("lineitem");
        li = li.filter(li.col("l_shipdate").le("1998-09-02"));
        Series discPrice = discounted(li);
        Series charge = discPrice.multiply(li.col("l_tax").add(1.0));
        li = li.assign("disc_price", discPrice).assign("charge", charge);
        return li.groupBy("l_returnflag", "l_linestatus").agg(
                named("sum_qty", "l_quantity", "sum"),
                named("sum_base_price", "l_extendedprice", "sum"),
                named("sum_disc_price", "disc_price", "sum"),
                named("sum_charge", "charge", "sum"),
                named("avg_qty", "l_quantity", "mean"),
                named("avg_price", "l_extendedprice", "mean"),
                named("avg_disc", "l_discount", "mean"),
                named("count_order", "l_orderkey", "count"));
    }

    static DataFrame q2(Tables t) {
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_size").eq(15.0).and(part.col("p_type").str().endswith("BRASS")));
        DataFrame region = t.get("region");
        region = region.filter(region.col("r_name").eq("EUROPE"));
        DataFrame nation = t.get("nation").merge(region, "n_regionkey", "r_regionkey", "inner");
        DataFrame supplier = t.get("supplier").merge(nation, "s_nationkey", "n_nationkey", "inner");
        DataFrame offers = part.merge(t.get("partsupp").merge(supplier, "ps_suppkey", "s_suppkey", "inner"),
                "p_partkey", "ps_partkey", "inner");
        // the subquery's minimum is over the offers of the outer query's parts, as the reference formulations take it
        DataFrame cheapest = offers.groupBy("p_partkey").agg(named("min_cost", "ps_supplycost", "min"));
        DataFrame j = offers.merge(cheapest, List.of("p_partkey"), "inner");
        j = j.filter(j.col("ps_supplycost").eq(j.col("min_cost")));
        j = j.select("s_acctbal", "s_name", "n_name", "p_partkey", "p_mfgr", "s_address", "s_phone", "s_comment");
        return j.sortValues(List.of("s_acctbal", "n_name", "s_name", "p_partkey"), List.of(false, true, true, true))
                .head(100);
    }

    static DataFrame q3(Tables t) {
        DataFrame c = t.get("customer");
        c = c.filter(c.col("c_mktsegment").eq("BUILDING"));
        DataFrame o = t.get("orders");
        o = o.filter(o.col("o_orderdate").lt("1995-03-15"));
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipdate").gt("1995-03-15"));
        DataFrame j = c.merge(o, "c_custkey", "o_custkey", "inner").merge(l, "o_orderkey", "l_orderkey", "inner");
        j = j.assign("revenue", discounted(j));
        DataFrame g = j.groupBy("l_orderkey", "o_orderdate", "o_shippriority").agg(named("revenue", "revenue", "sum"));
        g = g.sortValues(List.of("revenue", "o_orderdate"), List.of(false, true)).head(10);
        return g.select("l_orderkey", "revenue", "o_orderdate", "o_shippriority");
    }

    static DataFrame q4(Tables t) {
        DataFrame o = t.get("orders");
        o = o.filter(o.col("o_orderdate").ge("1993-07-01").and(o.col("o_orderdate").lt("1993-10-01")));
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_commitdate").lt(l.col("l_receiptdate"))).select("l_orderkey");
        o = o.merge(l, "o_orderkey", "l_orderkey", "leftsemi");
        return o.groupBy("o_orderpriority").size().rename(Map.of("size", "order_count"));
    }

    static DataFrame q5(Tables t) {
        DataFrame region = t.get("region");
        region = region.filter(region.col("r_name").eq("ASIA"));
        DataFrame nation = t.get("nation").merge(region, "n_regionkey", "r_regionkey", "inner");
        DataFrame o = t.get("orders");
        o = o.filter(o.col("o_orderdate").ge("1994-01-01").and(o.col("o_orderdate").lt("1995-01-01")));
        DataFrame j = t.get("customer").merge(nation, "c_nationkey", "n_nationkey", "inner")
                .merge(o, "c_custkey", "o_custkey", "inner")
                .merge(t.get("lineitem"), "o_orderkey", "l_orderkey", "inner")
                .merge(t.get("supplier"), List.of("l_suppkey", "c_nationkey"), List.of("s_suppkey", "s_nationkey"),
                        "inner");
        j = j.assign("revenue", discounted(j));
        DataFrame g = j.groupBy("n_name").agg(named("revenue", "revenue", "sum"));
        return g.sortValues("revenue", false);
    }

    static DataFrame q6(Tables t) {
        DataFrame l = t.get("lineitem");
        Series keep = l.col("l_shipdate").ge("1994-01-01").and(l.col("l_shipdate").lt("1995-01-01"))
                .and(l.col("l_discount").between(0.05, 0.07)).and(l.col("l_quantity").lt(24.0));
        l = l.filter(keep);
        return l.col("l_extendedprice").multiply(l.col("l_discount")).sum().rename("revenue").toFrame();
    }

    static DataFrame q7(Tables t) {
        DataFrame nation = t.get("nation").select("n_nationkey", "n_name");
        nation = nation.filter(nation.col("n_name").isin(List.of("FRANCE", "GERMANY")));
        DataFrame supplierNation = nation.rename(Map.of("n_nationkey", "sn_key", "n_name", "supp_nation"));
        DataFrame customerNation = nation.rename(Map.of("n_nationkey", "cn_key", "n_name", "cust_nation"));
        DataFrame supplier = t.get("supplier").merge(supplierNation, "s_nationkey", "sn_key", "inner");
        DataFrame customer = t.get("customer").merge(customerNation, "c_nationkey", "cn_key", "inner");
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipdate").between("1995-01-01", "1996-12-31"));
        DataFrame j = l.merge(supplier, "l_suppkey", "s_suppkey", "inner")
                .merge(t.get("orders"), "l_orderkey", "o_orderkey", "inner")
                .merge(customer, "o_custkey", "c_custkey", "inner");
        Series franceGermany = j.col("supp_nation").eq("FRANCE").and(j.col("cust_nation").eq("GERMANY"));
        Series germanyFrance = j.col("supp_nation").eq("GERMANY").and(j.col("cust_nation").eq("FRANCE"));
        j = j.filter(franceGermany.or(germanyFrance));
        j = j.assign("l_year", j.col("l_shipdate").dt().year()).assign("volume", discounted(j));
        return j.groupBy("supp_nation", "cust_nation", "l_year").agg(named("revenue", "volume", "sum"));
    }

    static DataFrame q8(Tables t) {
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_type").eq("ECONOMY ANODIZED STEEL"));
        DataFrame region = t.get("region");
        region = region.filter(region.col("r_name").eq("AMERICA"));
        DataFrame americas = t.get("nation").merge(region, "n_regionkey", "r_regionkey", "inner")
                .select("n_nationkey");
        DataFrame o = t.get("orders");
        o = o.filter(o.col("o_orderdate").between("1995-01-01", "1996-12-31"));
        DataFrame customers = t.get("customer").merge(americas, "c_nationkey", "n_nationkey", "leftsemi");
        DataFrame supplierNation = t.get("nation").select("n_nationkey", "n_name");
        DataFrame j = t.get("lineitem").merge(part, "l_partkey", "p_partkey", "inner")
                .merge(o, "l_orderkey", "o_orderkey", "inner")
                .merge(customers, "o_custkey", "c_custkey", "inner")
                .merge(t.get("supplier"), "l_suppkey", "s_suppkey", "inner")
                .merge(supplierNation, "s_nationkey", "n_nationkey", "inner");
        Series volume = discounted(j);
        j = j.assign("o_year", j.col("o_orderdate").dt().year()).assign("volume", volume)
                .assign("brazil_volume", volume.where(j.col("n_name").eq("BRAZIL"), 0.0));
        DataFrame g = j.groupBy("o_year").agg(named("brazil", "brazil_volume", "sum"), named("all", "volume", "sum"));
        return g.assign("mkt_share", g.col("brazil").divide(g.col("all"))).select("o_year", "mkt_share");
    }

    static DataFrame q9(Tables t) {
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_name").str().contains("green")).select("p_partkey");
        DataFrame j = t.get("lineitem").merge(part, "l_partkey", "p_partkey", "leftsemi")
                .merge(t.get("supplier"), "l_suppkey", "s_suppkey", "inner")
                .merge(t.get("partsupp"), List.of("l_suppkey", "l_partkey"), List.of("ps_suppkey", "ps_partkey"),
                        "inner")
                .merge(t.get("orders"), "l_orderkey", "o_orderkey", "inner")
                .merge(t.get("nation"), "s_nationkey", "n_nationkey", "inner");
        Series amount = discounted(j).subtract(j.col("ps_supplycost").multiply(j.col("l_quantity")));
        j = j.assign("nation", j.col("n_name")).assign("o_year", j.col("o_orderdate").dt().year())
                .assign("amount", amount);
        DataFrame g = j.groupBy("nation", "o_year").agg(named("sum_profit", "amount", "sum"));
        return g.sortValues(List.of("nation", "o_year"), List.of(true, false));
    }

    static DataFrame q10(Tables t) {
        DataFrame o = t.get("orders");
        o = o.filter(o.col("o_orderdate").ge("1993-10-01").and(o.col("o_orderdate").lt("1994-01-01")));
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_returnflag").eq("R"));
        DataFrame j = t.get("customer").merge(o, "c_custkey", "o_custkey", "inner")
                .merge(l, "o_orderkey", "l_orderkey", "inner")
                .merge(t.get("nation"), "c_nationkey", "n_nationkey", "inner");
        j = j.assign("revenue", discounted(j));
        DataFrame g = j.groupBy("c_custkey", "c_name", "c_acctbal", "c_phone", "n_name", "c_address", "c_comment")
                .agg(named("revenue", "revenue", "sum"));
        g = g.sortValues(List.of("revenue"), List.of(false)).head(20);
        return g.select("c_custkey", "c_name", "revenue", "c_acctbal", "n_name", "c_address", "c_phone", "c_comment");
    }

    static DataFrame q11(Tables t) {
        DataFrame nation = t.get("nation");
        nation = nation.filter(nation.col("n_name").eq("GERMANY"));
        DataFrame supplier = t.get("supplier").merge(nation, "s_nationkey", "n_nationkey", "leftsemi");
        DataFrame ps = t.get("partsupp").merge(supplier, "ps_suppkey", "s_suppkey", "leftsemi");
        ps = ps.assign("value", ps.col("ps_supplycost").multiply(ps.col("ps_availqty")));
        // the specification's FRACTION is 0.0001 / SF, and a database of scale factor SF holds SF * 10,000 suppliers
        DataFrame total = ps.col("value").sum().rename("total").toFrame()
                .merge(t.get("supplier").col("s_suppkey").count().rename("suppliers").toFrame(), "cross");
        DataFrame threshold = total.assign("threshold", total.col("total").divide(total.col("suppliers")))
                .select("threshold");
        DataFrame g = ps.groupBy("ps_partkey").agg(named("value", "value", "sum")).merge(threshold, "cross");
        g = g.filter(g.col("value").gt(g.col("threshold"))).select("ps_partkey", "value");
        return g.sortValues("value", false);
    }

    static DataFrame q12(Tables t) {
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipmode").isin(List.of("MAIL", "SHIP"))
                .and(l.col("l_commitdate").lt(l.col("l_receiptdate")))
                .and(l.col("l_shipdate").lt(l.col("l_commitdate")))
                .and(l.col("l_receiptdate").ge("1994-01-01")).and(l.col("l_receiptdate").lt("1995-01-01")));
        DataFrame j = l.merge(t.get("orders"), "l_orderkey", "o_orderkey", "inner");
        Series high = j.col("o_orderpriority").isin(List.of("1-URGENT", "2-HIGH"));
        j = j.assign("high_line_count", high.astype(DType.INT64)).assign("low_line_count", high.not().astype(DType.INT64));
        return j.groupBy("l_shipmode").agg(named("high_line_count", "high_line_count", "sum"),
                named("low_line_count", "low_line_count", "sum"));
    }

    static DataFrame q13(Tables t) {
        DataFrame o = t.get("orders");
        o = o.filter(o.col("o_comment").str().contains("special.*requests", true).not());
        DataFrame j = t.get("customer").select("c_custkey").merge(o, "c_custkey", "o_custkey", "left");
        DataFrame counts = j.groupBy("c_custkey").agg(named("c_count", "o_orderkey", "count"));
        DataFrame dist = counts.groupBy("c_count").size().rename(Map.of("size", "custdist"));
        return dist.sortValues(List.of("custdist", "c_count"), List.of(false, false));
    }

    static DataFrame q14(Tables t) {
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipdate").ge("1995-09-01").and(l.col("l_shipdate").lt("1995-10-01")));
        DataFrame j = l.merge(t.get("part"), "l_partkey", "p_partkey", "inner");
        Series revenue = discounted(j);
        Series promo = revenue.where(j.col("p_type").str().startswith("PROMO"), 0.0);
        return promo.sum().multiply(100.0).divide(revenue.sum()).rename("promo_revenue").toFrame();
    }

    static DataFrame q15(Tables t) {
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipdate").ge("1996-01-01").and(l.col("l_shipdate").lt("1996-04-01")));
        l = l.assign("revenue", discounted(l));
        DataFrame revenue = l.groupBy("l_suppkey").agg(named("total_revenue", "revenue", "sum"));
        DataFrame best = revenue.col("total_revenue").max().rename("max_revenue").toFrame();
        DataFrame top = revenue.merge(best, "cross");
        top = top.filter(top.col("total_revenue").eq(top.col("max_revenue")));
        DataFrame j = t.get("supplier").merge(top, "s_suppkey", "l_suppkey", "inner");
        return j.select("s_suppkey", "s_name", "s_address", "s_phone", "total_revenue").sortValues("s_suppkey");
    }

    static DataFrame q16(Tables t) {
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_brand").ne("Brand#45")
                .and(part.col("p_type").str().startswith("MEDIUM POLISHED").not())
                .and(part.col("p_size").isin(List.of(49, 14, 23, 45, 19, 3, 36, 9))));
        DataFrame complaints = t.get("supplier");
        complaints = complaints.filter(complaints.col("s_comment").str().contains("Customer.*Complaints", true))
                .select("s_suppkey");
        DataFrame ps = t.get("partsupp").merge(complaints, "ps_suppkey", "s_suppkey", "leftanti")
                .merge(part, "ps_partkey", "p_partkey", "inner");
        DataFrame g = ps.groupBy("p_brand", "p_type", "p_size").nunique("ps_suppkey", "supplier_cnt");
        return g.sortValues(List.of("supplier_cnt", "p_brand", "p_type", "p_size"), List.of(false, true, true, true));
    }

    static DataFrame q17(Tables t) {
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_brand").eq("Brand#23").and(part.col("p_container").eq("MED BOX")))
                .select("p_partkey");
        DataFrame l = t.get("lineitem").merge(part, "l_partkey", "p_partkey", "leftsemi");
        DataFrame avg = l.groupBy("l_partkey").agg(named("avg_qty", "l_quantity", "mean"));
        DataFrame j = l.merge(avg, List.of("l_partkey"), "inner");
        j = j.filter(j.col("l_quantity").lt(j.col("avg_qty").multiply(0.2)));
        // SQL's SUM over no rows is null: sum(min_count=1)
        return j.col("l_extendedprice").sum(1).divide(7.0).rename("avg_yearly").toFrame();
    }

    static DataFrame q18(Tables t) {
        DataFrame qty = t.get("lineitem").groupBy("l_orderkey").agg(named("sum_quantity", "l_quantity", "sum"));
        qty = qty.filter(qty.col("sum_quantity").gt(300.0));
        DataFrame j = qty.merge(t.get("orders"), "l_orderkey", "o_orderkey", "inner")
                .merge(t.get("customer"), "o_custkey", "c_custkey", "inner");
        j = j.select("c_name", "c_custkey", "o_orderkey", "o_orderdate", "o_totalprice", "sum_quantity");
        return j.sortValues(List.of("o_totalprice", "o_orderdate"), List.of(false, true)).head(100);
    }

    static DataFrame q19(Tables t) {
        // what the three alternatives share is applied to each table before the merge
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipmode").isin(List.of("AIR", "AIR REG"))
                .and(l.col("l_shipinstruct").eq("DELIVER IN PERSON")).and(l.col("l_quantity").between(1.0, 30.0)));
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_brand").isin(List.of("Brand#12", "Brand#23", "Brand#34"))
                .and(part.col("p_size").between(1.0, 15.0)));
        DataFrame j = l.merge(part, "l_partkey", "p_partkey", "inner");
        Series a = j.col("p_brand").eq("Brand#12")
                .and(j.col("p_container").isin(List.of("SM CASE", "SM BOX", "SM PACK", "SM PKG")))
                .and(j.col("l_quantity").between(1.0, 11.0)).and(j.col("p_size").between(1.0, 5.0));
        Series b = j.col("p_brand").eq("Brand#23")
                .and(j.col("p_container").isin(List.of("MED BAG", "MED BOX", "MED PKG", "MED PACK")))
                .and(j.col("l_quantity").between(10.0, 20.0)).and(j.col("p_size").between(1.0, 10.0));
        Series c = j.col("p_brand").eq("Brand#34")
                .and(j.col("p_container").isin(List.of("LG CASE", "LG BOX", "LG PACK", "LG PKG")))
                .and(j.col("l_quantity").between(20.0, 30.0)).and(j.col("p_size").between(1.0, 15.0));
        j = j.filter(a.or(b).or(c));
        return discounted(j).sum().rename("revenue").toFrame();
    }

    static DataFrame q20(Tables t) {
        DataFrame part = t.get("part");
        part = part.filter(part.col("p_name").str().startswith("forest")).select("p_partkey");
        DataFrame ps = t.get("partsupp").merge(part, "ps_partkey", "p_partkey", "leftsemi");
        DataFrame l = t.get("lineitem");
        l = l.filter(l.col("l_shipdate").ge("1994-01-01").and(l.col("l_shipdate").lt("1995-01-01")));
        // as the reference pandas formulations do: the year's lines of the forest parts' suppliers, then their sums
        DataFrame shipped = l.merge(ps, List.of("l_partkey", "l_suppkey"), List.of("ps_partkey", "ps_suppkey"), "inner")
                .groupBy("ps_partkey", "ps_suppkey", "ps_availqty").agg(named("sum_qty", "l_quantity", "sum"));
        shipped = shipped.filter(shipped.col("ps_availqty").gt(shipped.col("sum_qty").multiply(0.5)))
                .select("ps_suppkey");
        DataFrame nation = t.get("nation");
        nation = nation.filter(nation.col("n_name").eq("CANADA"));
        DataFrame s = t.get("supplier").merge(nation, "s_nationkey", "n_nationkey", "leftsemi")
                .merge(shipped, "s_suppkey", "ps_suppkey", "leftsemi");
        return s.select("s_name", "s_address").sortValues("s_name");
    }

    static DataFrame q21(Tables t) {
        DataFrame lineitem = t.get("lineitem").select("l_orderkey", "l_suppkey", "l_receiptdate", "l_commitdate");
        DataFrame nation = t.get("nation");
        nation = nation.filter(nation.col("n_name").eq("SAUDI ARABIA"));
        DataFrame supplier = t.get("supplier").merge(nation, "s_nationkey", "n_nationkey", "leftsemi");
        DataFrame orders = t.get("orders");
        orders = orders.filter(orders.col("o_orderstatus").eq("F")).select("o_orderkey");
        DataFrame late = lineitem.filter(lineitem.col("l_receiptdate").gt(lineitem.col("l_commitdate")));
        DataFrame candidates = late.merge(supplier, "l_suppkey", "s_suppkey", "inner")
                .merge(orders, "l_orderkey", "o_orderkey", "leftsemi");
        // the other lines of the candidate orders only: how many suppliers each order has, and how many were late
        DataFrame keys = candidates.select("l_orderkey").rename(Map.of("l_orderkey", "k"));
        DataFrame lines = lineitem.merge(keys, "l_orderkey", "k", "leftsemi");
        DataFrame suppliers = lines.groupBy("l_orderkey").nunique("l_suppkey", "suppliers");
        DataFrame multi = suppliers.filter(suppliers.col("suppliers").gt(1.0)).select("l_orderkey");
        DataFrame lateLines = lines.filter(lines.col("l_receiptdate").gt(lines.col("l_commitdate")));
        DataFrame lateSuppliers = lateLines.groupBy("l_orderkey").nunique("l_suppkey", "late_suppliers");
        DataFrame onlyOneLate = lateSuppliers.filter(lateSuppliers.col("late_suppliers").eq(1.0)).select("l_orderkey");
        DataFrame j = candidates.merge(multi, List.of("l_orderkey"), "leftsemi")
                .merge(onlyOneLate, List.of("l_orderkey"), "leftsemi");
        DataFrame g = j.groupBy("s_name").size().rename(Map.of("size", "numwait"));
        return g.sortValues(List.of("numwait", "s_name"), List.of(false, true)).head(100);
    }

    static DataFrame q22(Tables t) {
        DataFrame c = t.get("customer");
        c = c.assign("cntrycode", c.col("c_phone").str().slice(0, 2));
        c = c.filter(c.col("cntrycode").isin(List.of("13", "31", "23", "29", "30", "18", "17")));
        DataFrame positive = c.filter(c.col("c_acctbal").gt(0.0));
        DataFrame avg = positive.col("c_acctbal").mean().rename("avg_acctbal").toFrame();
        DataFrame rich = c.merge(avg, "cross");
        rich = rich.filter(rich.col("c_acctbal").gt(rich.col("avg_acctbal")));
        rich = rich.merge(t.get("orders").select("o_custkey"), "c_custkey", "o_custkey", "leftanti");
        return rich.groupBy("cntrycode").agg(named("numcust", "c_acctbal", "count"),
                named("totacctbal", "c_acctbal", "sum"));
    }
}
