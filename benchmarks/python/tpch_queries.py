"""pandas and Dask side of the TPC-H benchmark: the 22 queries (the same ones as
io/mars/benchmarks/tpch/q01.sql ... q22.sql, with the spec's validation parameters) written with pandas (merge,
boolean filters, groupby/agg, sort_values, head), over the tables under DATA (DATA/TABLE/part-*.parquet, or
DATA/TABLE-text/part-*.csv: '|'-delimited with a header line, dates parsed).

Each query reads only the columns it uses, so a query's time includes reading its tables (--preload reads every table
once first and times the queries alone). It prints one line per query, "q01 <seconds> <rows>", and with --out writes
each answer to OUT/q01.csv ... (header, rows in the query's ORDER BY order, dates as YYYY-MM-DD) for comparison.

With --engine dask the same code runs on dask.dataframe (default threaded scheduler, a partition per file or per 64 MB
of text): all 22 queries run there, the joins, filters and aggregations in Dask; what is computed into pandas on the
way is small: the aggregated answer, which is then sorted and cut (LIMIT) in pandas, since Dask 2022.12 sorts by one
column only, and the scalar or short table a query compares against (Q11's threshold, Q15's revenue per supplier,
Q16's complaint suppliers, Q22's average balance).

SQL semantics kept: a SUM over no rows is NULL (Q17's answer at SF 0.01 is one NULL, written as an empty field);
Q15 keeps the suppliers whose revenue equals the maximum, both taken from one computed frame, so exactly.

Needs python3-pandas (and python3-dask for --engine dask): apt-get install -y python3-pandas python3-dask.
--format parquet also needs pyarrow or fastparquet, which Debian bookworm does not package, so text is the default.
Usage: python3 tpch_queries.py --engine pandas|dask --data DIR [--format parquet|text] [--queries 1,3,6] [--out DIR]
       [--preload]
"""
import argparse
import glob
import os
import sys
import time

import pandas as pd

SCHEMA = {
    "customer": "c_custkey:int c_name:str c_address:str c_nationkey:int c_phone:str c_acctbal:float "
                "c_mktsegment:str c_comment:str",
    "orders": "o_orderkey:int o_custkey:int o_orderstatus:str o_totalprice:float o_orderdate:date "
              "o_orderpriority:str o_clerk:str o_shippriority:int o_comment:str",
    "lineitem": "l_orderkey:int l_partkey:int l_suppkey:int l_linenumber:int l_quantity:float l_extendedprice:float "
                "l_discount:float l_tax:float l_returnflag:str l_linestatus:str l_shipdate:date l_commitdate:date "
                "l_receiptdate:date l_shipinstruct:str l_shipmode:str l_comment:str",
    "part": "p_partkey:int p_name:str p_mfgr:str p_brand:str p_type:str p_size:int p_container:str "
            "p_retailprice:float p_comment:str",
    "partsupp": "ps_partkey:int ps_suppkey:int ps_availqty:int ps_supplycost:float ps_comment:str",
    "supplier": "s_suppkey:int s_name:str s_address:str s_nationkey:int s_phone:str s_acctbal:float s_comment:str",
    "nation": "n_nationkey:int n_name:str n_regionkey:int n_comment:str",
    "region": "r_regionkey:int r_name:str r_comment:str",
}
SCHEMA = {table: dict(c.split(":") for c in cols.split()) for table, cols in SCHEMA.items()}
DTYPES = {"int": "int64", "float": "float64", "str": "object"}


class Tables:
    """Reads TABLE's given columns as a pandas or Dask frame (t("lineitem", ["l_orderkey", ...]))."""

    def __init__(self, engine, data, fmt):
        self.engine, self.data, self.fmt = engine, data, fmt
        self.cache = {}

    def files(self, table):
        pattern = (os.path.join(self.data, table, "*.parquet") if self.fmt == "parquet"
                   else os.path.join(self.data, table + "-text", "*.csv"))
        paths = sorted(glob.glob(pattern))
        if not paths:
            raise SystemExit(f"no {pattern}")
        return paths

    def read(self, table, columns):
        paths = self.files(table)
        if self.fmt == "parquet":
            if self.engine == "dask":
                import dask.dataframe as dd
                return dd.read_parquet(paths, columns=columns)
            return pd.concat([pd.read_parquet(p, columns=columns) for p in paths], ignore_index=True)
        types = SCHEMA[table]
        options = dict(sep="|", usecols=columns, keep_default_na=False, na_filter=False,
                       dtype={c: DTYPES[types[c]] for c in columns if types[c] != "date"},
                       parse_dates=[c for c in columns if types[c] == "date"])
        if self.engine == "dask":
            import dask.dataframe as dd
            return dd.read_csv(paths, **options)
        return pd.concat([pd.read_csv(p, **options) for p in paths], ignore_index=True)

    def preload(self):
        for table in SCHEMA:
            frame = self.read(table, list(SCHEMA[table]))
            self.cache[table] = frame.persist() if self.engine == "dask" else frame

    def __call__(self, table, columns):
        if table in self.cache:
            return self.cache[table][columns]
        return self.read(table, columns)


def collect(*frames):
    """The pandas value of each argument (Dask ones computed together); one argument gives one value."""
    lazy = [i for i, f in enumerate(frames) if hasattr(f, "dask")]
    out = list(frames)
    if lazy:
        import dask
        for i, value in zip(lazy, dask.compute(*[frames[i] for i in lazy])):
            out[i] = value
    return out[0] if len(out) == 1 else out


def sql_sum(values):
    """SUM as in SQL: NULL (NaN) over no rows (pandas gives 0 there; Dask 2022.12's sum(min_count=1) gave NaN over
    rows too)."""
    total, count = collect(values.sum(), values.count())
    return total if count else float("nan")


def date(text):
    return pd.Timestamp(text)


def months(n):
    return pd.DateOffset(months=n)


def q1(t):
    li = t("lineitem", ["l_quantity", "l_extendedprice", "l_discount", "l_tax", "l_returnflag", "l_linestatus",
                        "l_shipdate"])
    li = li[li.l_shipdate <= date("1998-09-02")]
    li = li.assign(disc_price=li.l_extendedprice * (1 - li.l_discount))
    li = li.assign(charge=li.disc_price * (1 + li.l_tax))
    out = li.groupby(["l_returnflag", "l_linestatus"]).agg(
        sum_qty=("l_quantity", "sum"), sum_base_price=("l_extendedprice", "sum"),
        sum_disc_price=("disc_price", "sum"), sum_charge=("charge", "sum"), avg_qty=("l_quantity", "mean"),
        avg_price=("l_extendedprice", "mean"), avg_disc=("l_discount", "mean"),
        count_order=("l_quantity", "count")).reset_index()
    return collect(out).sort_values(["l_returnflag", "l_linestatus"])


def q2(t):
    region = t("region", ["r_regionkey", "r_name"])
    nation = t("nation", ["n_nationkey", "n_name", "n_regionkey"])
    supplier = t("supplier", ["s_suppkey", "s_name", "s_address", "s_nationkey", "s_phone", "s_acctbal",
                              "s_comment"])
    partsupp = t("partsupp", ["ps_partkey", "ps_suppkey", "ps_supplycost"])
    part = t("part", ["p_partkey", "p_mfgr", "p_type", "p_size"])
    europe = region[region.r_name == "EUROPE"].merge(nation, left_on="r_regionkey", right_on="n_regionkey")
    suppliers = supplier.merge(europe, left_on="s_nationkey", right_on="n_nationkey")
    offers = partsupp.merge(suppliers, left_on="ps_suppkey", right_on="s_suppkey")
    brass = part[(part.p_size == 15) & part.p_type.str.endswith("BRASS")]
    offers = brass.merge(offers, left_on="p_partkey", right_on="ps_partkey")
    cheapest = offers.groupby("p_partkey").agg(ps_supplycost=("ps_supplycost", "min")).reset_index()
    out = offers.merge(cheapest, on=["p_partkey", "ps_supplycost"])
    out = out[["s_acctbal", "s_name", "n_name", "p_partkey", "p_mfgr", "s_address", "s_phone", "s_comment"]]
    return collect(out).sort_values(["s_acctbal", "n_name", "s_name", "p_partkey"],
                                    ascending=[False, True, True, True]).head(100)


def q3(t):
    customer = t("customer", ["c_custkey", "c_mktsegment"])
    orders = t("orders", ["o_orderkey", "o_custkey", "o_orderdate", "o_shippriority"])
    lineitem = t("lineitem", ["l_orderkey", "l_extendedprice", "l_discount", "l_shipdate"])
    customer = customer[customer.c_mktsegment == "BUILDING"]
    orders = orders[orders.o_orderdate < date("1995-03-15")]
    lineitem = lineitem[lineitem.l_shipdate > date("1995-03-15")]
    j = customer.merge(orders, left_on="c_custkey", right_on="o_custkey")
    j = j.merge(lineitem, left_on="o_orderkey", right_on="l_orderkey")
    j = j.assign(revenue=j.l_extendedprice * (1 - j.l_discount))
    out = j.groupby(["l_orderkey", "o_orderdate", "o_shippriority"]).agg(revenue=("revenue", "sum")).reset_index()
    out = collect(out).sort_values(["revenue", "o_orderdate"], ascending=[False, True]).head(10)
    return out[["l_orderkey", "revenue", "o_orderdate", "o_shippriority"]]


def q4(t):
    orders = t("orders", ["o_orderkey", "o_orderdate", "o_orderpriority"])
    lineitem = t("lineitem", ["l_orderkey", "l_commitdate", "l_receiptdate"])
    start = date("1993-07-01")
    orders = orders[(orders.o_orderdate >= start) & (orders.o_orderdate < start + months(3))]
    late = lineitem[lineitem.l_commitdate < lineitem.l_receiptdate][["l_orderkey"]].drop_duplicates()
    j = orders.merge(late, left_on="o_orderkey", right_on="l_orderkey")
    out = j.groupby("o_orderpriority").agg(order_count=("o_orderkey", "count")).reset_index()
    return collect(out).sort_values("o_orderpriority")


def q5(t):
    region = t("region", ["r_regionkey", "r_name"])
    nation = t("nation", ["n_nationkey", "n_name", "n_regionkey"])
    customer = t("customer", ["c_custkey", "c_nationkey"])
    orders = t("orders", ["o_orderkey", "o_custkey", "o_orderdate"])
    lineitem = t("lineitem", ["l_orderkey", "l_suppkey", "l_extendedprice", "l_discount"])
    supplier = t("supplier", ["s_suppkey", "s_nationkey"])
    start = date("1994-01-01")
    orders = orders[(orders.o_orderdate >= start) & (orders.o_orderdate < start + months(12))]
    asia = region[region.r_name == "ASIA"].merge(nation, left_on="r_regionkey", right_on="n_regionkey")
    j = customer.merge(orders, left_on="c_custkey", right_on="o_custkey")
    j = j.merge(lineitem, left_on="o_orderkey", right_on="l_orderkey")
    j = j.merge(supplier, left_on=["l_suppkey", "c_nationkey"], right_on=["s_suppkey", "s_nationkey"])
    j = j.merge(asia, left_on="s_nationkey", right_on="n_nationkey")
    j = j.assign(revenue=j.l_extendedprice * (1 - j.l_discount))
    out = j.groupby("n_name").agg(revenue=("revenue", "sum")).reset_index()
    return collect(out).sort_values("revenue", ascending=False)


def q6(t):
    li = t("lineitem", ["l_quantity", "l_extendedprice", "l_discount", "l_shipdate"])
    start = date("1994-01-01")
    li = li[(li.l_shipdate >= start) & (li.l_shipdate < start + months(12))
            & li.l_discount.between(0.05, 0.07) & (li.l_quantity < 24)]
    return pd.DataFrame({"revenue": [sql_sum(li.l_extendedprice * li.l_discount)]})


def q7(t):
    nation = t("nation", ["n_nationkey", "n_name"])
    supplier = t("supplier", ["s_suppkey", "s_nationkey"])
    customer = t("customer", ["c_custkey", "c_nationkey"])
    orders = t("orders", ["o_orderkey", "o_custkey"])
    lineitem = t("lineitem", ["l_orderkey", "l_suppkey", "l_extendedprice", "l_discount", "l_shipdate"])
    nations = nation[nation.n_name.isin(["FRANCE", "GERMANY"])]
    suppliers = supplier.merge(nations, left_on="s_nationkey", right_on="n_nationkey")
    suppliers = suppliers[["s_suppkey", "n_name"]].rename(columns={"n_name": "supp_nation"})
    customers = customer.merge(nations, left_on="c_nationkey", right_on="n_nationkey")
    customers = customers[["c_custkey", "n_name"]].rename(columns={"n_name": "cust_nation"})
    lineitem = lineitem[(lineitem.l_shipdate >= date("1995-01-01")) & (lineitem.l_shipdate <= date("1996-12-31"))]
    j = lineitem.merge(suppliers, left_on="l_suppkey", right_on="s_suppkey")
    j = j.merge(orders, left_on="l_orderkey", right_on="o_orderkey")
    j = j.merge(customers, left_on="o_custkey", right_on="c_custkey")
    j = j[j.supp_nation != j.cust_nation]
    j = j.assign(l_year=j.l_shipdate.dt.year, volume=j.l_extendedprice * (1 - j.l_discount))
    out = j.groupby(["supp_nation", "cust_nation", "l_year"]).agg(revenue=("volume", "sum")).reset_index()
    return collect(out).sort_values(["supp_nation", "cust_nation", "l_year"])


def q8(t):
    region = t("region", ["r_regionkey", "r_name"])
    nation = t("nation", ["n_nationkey", "n_name", "n_regionkey"])
    part = t("part", ["p_partkey", "p_type"])
    supplier = t("supplier", ["s_suppkey", "s_nationkey"])
    customer = t("customer", ["c_custkey", "c_nationkey"])
    orders = t("orders", ["o_orderkey", "o_custkey", "o_orderdate"])
    lineitem = t("lineitem", ["l_orderkey", "l_partkey", "l_suppkey", "l_extendedprice", "l_discount"])
    america = region[region.r_name == "AMERICA"].merge(nation, left_on="r_regionkey", right_on="n_regionkey")
    america = america[["n_nationkey"]]
    part = part[part.p_type == "ECONOMY ANODIZED STEEL"][["p_partkey"]]
    orders = orders[(orders.o_orderdate >= date("1995-01-01")) & (orders.o_orderdate <= date("1996-12-31"))]
    supp_nation = nation[["n_nationkey", "n_name"]].rename(columns={"n_nationkey": "sn_key", "n_name": "nation"})
    j = part.merge(lineitem, left_on="p_partkey", right_on="l_partkey")
    j = j.merge(orders, left_on="l_orderkey", right_on="o_orderkey")
    j = j.merge(customer, left_on="o_custkey", right_on="c_custkey")
    j = j.merge(america, left_on="c_nationkey", right_on="n_nationkey")
    j = j.merge(supplier, left_on="l_suppkey", right_on="s_suppkey")
    j = j.merge(supp_nation, left_on="s_nationkey", right_on="sn_key")
    volume = j.l_extendedprice * (1 - j.l_discount)
    j = j.assign(o_year=j.o_orderdate.dt.year, volume=volume, brazil=volume.where(j.nation == "BRAZIL", 0.0))
    out = collect(j.groupby("o_year").agg(brazil=("brazil", "sum"), volume=("volume", "sum")).reset_index())
    out["mkt_share"] = out.brazil / out.volume
    return out[["o_year", "mkt_share"]].sort_values("o_year")


def q9(t):
    part = t("part", ["p_partkey", "p_name"])
    supplier = t("supplier", ["s_suppkey", "s_nationkey"])
    lineitem = t("lineitem", ["l_orderkey", "l_partkey", "l_suppkey", "l_quantity", "l_extendedprice",
                              "l_discount"])
    partsupp = t("partsupp", ["ps_partkey", "ps_suppkey", "ps_supplycost"])
    orders = t("orders", ["o_orderkey", "o_orderdate"])
    nation = t("nation", ["n_nationkey", "n_name"])
    green = part[part.p_name.str.contains("green", regex=False)][["p_partkey"]]
    j = green.merge(lineitem, left_on="p_partkey", right_on="l_partkey")
    j = j.merge(partsupp, left_on=["l_partkey", "l_suppkey"], right_on=["ps_partkey", "ps_suppkey"])
    j = j.merge(supplier, left_on="l_suppkey", right_on="s_suppkey")
    j = j.merge(nation, left_on="s_nationkey", right_on="n_nationkey")
    j = j.merge(orders, left_on="l_orderkey", right_on="o_orderkey")
    j = j.assign(nation=j.n_name, o_year=j.o_orderdate.dt.year,
                 amount=j.l_extendedprice * (1 - j.l_discount) - j.ps_supplycost * j.l_quantity)
    out = j.groupby(["nation", "o_year"]).agg(sum_profit=("amount", "sum")).reset_index()
    return collect(out).sort_values(["nation", "o_year"], ascending=[True, False])


def q10(t):
    customer = t("customer", ["c_custkey", "c_name", "c_address", "c_nationkey", "c_phone", "c_acctbal",
                              "c_comment"])
    orders = t("orders", ["o_orderkey", "o_custkey", "o_orderdate"])
    lineitem = t("lineitem", ["l_orderkey", "l_extendedprice", "l_discount", "l_returnflag"])
    nation = t("nation", ["n_nationkey", "n_name"])
    start = date("1993-10-01")
    orders = orders[(orders.o_orderdate >= start) & (orders.o_orderdate < start + months(3))]
    lineitem = lineitem[lineitem.l_returnflag == "R"]
    j = customer.merge(orders, left_on="c_custkey", right_on="o_custkey")
    j = j.merge(lineitem, left_on="o_orderkey", right_on="l_orderkey")
    j = j.merge(nation, left_on="c_nationkey", right_on="n_nationkey")
    j = j.assign(revenue=j.l_extendedprice * (1 - j.l_discount))
    keys = ["c_custkey", "c_name", "c_acctbal", "c_phone", "n_name", "c_address", "c_comment"]
    out = j.groupby(keys).agg(revenue=("revenue", "sum")).reset_index()
    out = collect(out).sort_values("revenue", ascending=False).head(20)
    return out[["c_custkey", "c_name", "revenue", "c_acctbal", "n_name", "c_address", "c_phone", "c_comment"]]


def q11(t):
    partsupp = t("partsupp", ["ps_partkey", "ps_suppkey", "ps_availqty", "ps_supplycost"])
    supplier = t("supplier", ["s_suppkey", "s_nationkey"])
    nation = t("nation", ["n_nationkey", "n_name"])
    germany = supplier.merge(nation[nation.n_name == "GERMANY"], left_on="s_nationkey", right_on="n_nationkey")
    stock = partsupp.merge(germany, left_on="ps_suppkey", right_on="s_suppkey")
    stock = stock.assign(value=stock.ps_supplycost * stock.ps_availqty)
    out, total, suppliers = collect(stock.groupby("ps_partkey").agg(value=("value", "sum")).reset_index(),
                                    stock.value.sum(), supplier.s_suppkey.count())
    # the specification's FRACTION is 0.0001 / SF, and SF * 10,000 is the number of suppliers (as TpchQueries.q11)
    out = out[out.value > total / suppliers]
    return out.sort_values("value", ascending=False)


def q12(t):
    orders = t("orders", ["o_orderkey", "o_orderpriority"])
    lineitem = t("lineitem", ["l_orderkey", "l_shipdate", "l_commitdate", "l_receiptdate", "l_shipmode"])
    start = date("1994-01-01")
    li = lineitem[lineitem.l_shipmode.isin(["MAIL", "SHIP"])
                  & (lineitem.l_commitdate < lineitem.l_receiptdate) & (lineitem.l_shipdate < lineitem.l_commitdate)
                  & (lineitem.l_receiptdate >= start) & (lineitem.l_receiptdate < start + months(12))]
    j = li.merge(orders, left_on="l_orderkey", right_on="o_orderkey")
    high = j.o_orderpriority.isin(["1-URGENT", "2-HIGH"])
    j = j.assign(high_line_count=high.astype("int64"), low_line_count=(~high).astype("int64"))
    out = j.groupby("l_shipmode").agg(high_line_count=("high_line_count", "sum"),
                                      low_line_count=("low_line_count", "sum")).reset_index()
    return collect(out).sort_values("l_shipmode")


def q13(t):
    customer = t("customer", ["c_custkey"])
    orders = t("orders", ["o_orderkey", "o_custkey", "o_comment"])
    orders = orders[~orders.o_comment.str.contains("special.*requests", regex=True)]
    j = customer.merge(orders, left_on="c_custkey", right_on="o_custkey", how="left")
    counts = j.groupby("c_custkey").agg(c_count=("o_orderkey", "count")).reset_index()
    out = counts.groupby("c_count").agg(custdist=("c_custkey", "count")).reset_index()
    return collect(out).sort_values(["custdist", "c_count"], ascending=[False, False])


def q14(t):
    lineitem = t("lineitem", ["l_partkey", "l_extendedprice", "l_discount", "l_shipdate"])
    part = t("part", ["p_partkey", "p_type"])
    start = date("1995-09-01")
    li = lineitem[(lineitem.l_shipdate >= start) & (lineitem.l_shipdate < start + months(1))]
    j = li.merge(part, left_on="l_partkey", right_on="p_partkey")
    revenue = j.l_extendedprice * (1 - j.l_discount)
    promo, total = collect(revenue.where(j.p_type.str.startswith("PROMO"), 0.0).sum(), revenue.sum())
    return pd.DataFrame({"promo_revenue": [100.0 * promo / total if total else float("nan")]})


def q15(t):
    lineitem = t("lineitem", ["l_suppkey", "l_extendedprice", "l_discount", "l_shipdate"])
    supplier = t("supplier", ["s_suppkey", "s_name", "s_address", "s_phone"])
    start = date("1996-01-01")
    li = lineitem[(lineitem.l_shipdate >= start) & (lineitem.l_shipdate < start + months(3))]
    li = li.assign(revenue=li.l_extendedprice * (1 - li.l_discount))
    revenue = li.groupby("l_suppkey").agg(total_revenue=("revenue", "sum")).reset_index()
    revenue = collect(revenue).rename(columns={"l_suppkey": "supplier_no"})
    top = revenue[revenue.total_revenue == revenue.total_revenue.max()]
    out = collect(supplier.merge(top, left_on="s_suppkey", right_on="supplier_no"))
    return out[["s_suppkey", "s_name", "s_address", "s_phone", "total_revenue"]].sort_values("s_suppkey")


def q16(t):
    partsupp = t("partsupp", ["ps_partkey", "ps_suppkey"])
    part = t("part", ["p_partkey", "p_brand", "p_type", "p_size"])
    supplier = t("supplier", ["s_suppkey", "s_comment"])
    complaints = supplier[supplier.s_comment.str.contains("Customer.*Complaints", regex=True)].s_suppkey
    complaints = collect(complaints).tolist()
    part = part[(part.p_brand != "Brand#45") & ~part.p_type.str.startswith("MEDIUM POLISHED")
                & part.p_size.isin([49, 14, 23, 45, 19, 3, 36, 9])]
    partsupp = partsupp[~partsupp.ps_suppkey.isin(complaints)]
    j = part.merge(partsupp, left_on="p_partkey", right_on="ps_partkey")
    out = j.groupby(["p_brand", "p_type", "p_size"]).ps_suppkey.nunique().reset_index()
    out = collect(out).rename(columns={"ps_suppkey": "supplier_cnt"})
    return out.sort_values(["supplier_cnt", "p_brand", "p_type", "p_size"], ascending=[False, True, True, True])


def q17(t):
    lineitem = t("lineitem", ["l_partkey", "l_quantity", "l_extendedprice"])
    part = t("part", ["p_partkey", "p_brand", "p_container"])
    part = part[(part.p_brand == "Brand#23") & (part.p_container == "MED BOX")][["p_partkey"]]
    j = lineitem.merge(part, left_on="l_partkey", right_on="p_partkey")
    average = j.groupby("l_partkey").agg(avg_quantity=("l_quantity", "mean")).reset_index()
    j = j.merge(average, on="l_partkey")
    j = j[j.l_quantity < 0.2 * j.avg_quantity]
    return pd.DataFrame({"avg_yearly": [sql_sum(j.l_extendedprice) / 7.0]})


def q18(t):
    customer = t("customer", ["c_custkey", "c_name"])
    orders = t("orders", ["o_orderkey", "o_custkey", "o_totalprice", "o_orderdate"])
    lineitem = t("lineitem", ["l_orderkey", "l_quantity"])
    big = lineitem.groupby("l_orderkey").agg(sum_quantity=("l_quantity", "sum")).reset_index()
    big = big[big.sum_quantity > 300]
    j = big.merge(orders, left_on="l_orderkey", right_on="o_orderkey")
    j = j.merge(customer, left_on="o_custkey", right_on="c_custkey")
    out = j[["c_name", "c_custkey", "o_orderkey", "o_orderdate", "o_totalprice", "sum_quantity"]]
    return collect(out).sort_values(["o_totalprice", "o_orderdate"], ascending=[False, True]).head(100)


def q19(t):
    lineitem = t("lineitem", ["l_partkey", "l_quantity", "l_extendedprice", "l_discount", "l_shipinstruct",
                              "l_shipmode"])
    part = t("part", ["p_partkey", "p_brand", "p_size", "p_container"])
    li = lineitem[lineitem.l_shipmode.isin(["AIR", "AIR REG"]) & (lineitem.l_shipinstruct == "DELIVER IN PERSON")
                  & lineitem.l_quantity.between(1, 30)]
    j = li.merge(part, left_on="l_partkey", right_on="p_partkey")
    small = ((j.p_brand == "Brand#12") & j.p_container.isin(["SM CASE", "SM BOX", "SM PACK", "SM PKG"])
             & j.l_quantity.between(1, 11) & j.p_size.between(1, 5))
    medium = ((j.p_brand == "Brand#23") & j.p_container.isin(["MED BAG", "MED BOX", "MED PKG", "MED PACK"])
              & j.l_quantity.between(10, 20) & j.p_size.between(1, 10))
    large = ((j.p_brand == "Brand#34") & j.p_container.isin(["LG CASE", "LG BOX", "LG PACK", "LG PKG"])
             & j.l_quantity.between(20, 30) & j.p_size.between(1, 15))
    j = j[small | medium | large]
    return pd.DataFrame({"revenue": [sql_sum(j.l_extendedprice * (1 - j.l_discount))]})


def q20(t):
    supplier = t("supplier", ["s_suppkey", "s_name", "s_address", "s_nationkey"])
    nation = t("nation", ["n_nationkey", "n_name"])
    partsupp = t("partsupp", ["ps_partkey", "ps_suppkey", "ps_availqty"])
    part = t("part", ["p_partkey", "p_name"])
    lineitem = t("lineitem", ["l_partkey", "l_suppkey", "l_quantity", "l_shipdate"])
    start = date("1994-01-01")
    forest = part[part.p_name.str.startswith("forest")][["p_partkey"]]
    li = lineitem[(lineitem.l_shipdate >= start) & (lineitem.l_shipdate < start + months(12))]
    ps = partsupp.merge(forest, left_on="ps_partkey", right_on="p_partkey")
    # as the reference formulations do: the year's lines of the forest parts' suppliers, then their sums
    ps = li.merge(ps, left_on=["l_partkey", "l_suppkey"], right_on=["ps_partkey", "ps_suppkey"])
    ps = ps.groupby(["ps_partkey", "ps_suppkey", "ps_availqty"]).agg(quantity=("l_quantity", "sum")).reset_index()
    keys = ps[ps.ps_availqty > 0.5 * ps.quantity][["ps_suppkey"]].drop_duplicates()
    canada = supplier.merge(nation[nation.n_name == "CANADA"], left_on="s_nationkey", right_on="n_nationkey")
    out = canada.merge(keys, left_on="s_suppkey", right_on="ps_suppkey")[["s_name", "s_address"]]
    return collect(out).sort_values("s_name")


def q21(t):
    supplier = t("supplier", ["s_suppkey", "s_name", "s_nationkey"])
    lineitem = t("lineitem", ["l_orderkey", "l_suppkey", "l_commitdate", "l_receiptdate"])
    orders = t("orders", ["o_orderkey", "o_orderstatus"])
    nation = t("nation", ["n_nationkey", "n_name"])
    late = lineitem[lineitem.l_receiptdate > lineitem.l_commitdate]
    # l1 has another supplier in its order (exists l2) and no other supplier of the order was late (not exists l3)
    # (distinct suppliers counted as drop_duplicates + count: Dask's groupby nunique is 20 times slower)
    suppliers = lineitem[["l_orderkey", "l_suppkey"]].drop_duplicates()
    suppliers = suppliers.groupby("l_orderkey").agg(n_suppliers=("l_suppkey", "count")).reset_index()
    late_suppliers = late[["l_orderkey", "l_suppkey"]].drop_duplicates()
    late_suppliers = late_suppliers.groupby("l_orderkey").agg(n_late=("l_suppkey", "count")).reset_index()
    saudi = supplier.merge(nation[nation.n_name == "SAUDI ARABIA"], left_on="s_nationkey", right_on="n_nationkey")
    failed = orders[orders.o_orderstatus == "F"][["o_orderkey"]]
    j = late.merge(saudi, left_on="l_suppkey", right_on="s_suppkey")
    j = j.merge(failed, left_on="l_orderkey", right_on="o_orderkey")
    j = j.merge(suppliers, on="l_orderkey").merge(late_suppliers, on="l_orderkey")
    j = j[(j.n_suppliers > 1) & (j.n_late == 1)]
    out = j.groupby("s_name").agg(numwait=("l_orderkey", "count")).reset_index()
    return collect(out).sort_values(["numwait", "s_name"], ascending=[False, True]).head(100)


def q22(t):
    customer = t("customer", ["c_custkey", "c_phone", "c_acctbal"])
    orders = t("orders", ["o_custkey"])
    customer = customer.assign(cntrycode=customer.c_phone.str.slice(0, 2))
    customer = customer[customer.cntrycode.isin(["13", "31", "23", "29", "30", "18", "17"])]
    average = collect(customer[customer.c_acctbal > 0.0].c_acctbal.mean())
    customer = customer[customer.c_acctbal > average]
    buyers = orders.drop_duplicates()
    j = customer.merge(buyers, left_on="c_custkey", right_on="o_custkey", how="left")
    j = j[j.o_custkey.isna()]
    out = j.groupby("cntrycode").agg(numcust=("c_custkey", "count"), totacctbal=("c_acctbal", "sum")).reset_index()
    return collect(out).sort_values("cntrycode")


QUERIES = [q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14, q15, q16, q17, q18, q19, q20, q21, q22]


def main():
    parser = argparse.ArgumentParser(description="TPC-H queries in pandas or Dask")
    parser.add_argument("--engine", choices=["pandas", "dask"], default="pandas")
    parser.add_argument("--data", required=True, help="directory with TABLE/part-*.parquet and TABLE-text/part-*.csv")
    parser.add_argument("--format", choices=["parquet", "text"], default="text")
    parser.add_argument("--queries", default=",".join(str(i) for i in range(1, 23)), help="e.g. 1,3,6")
    parser.add_argument("--out", help="write each answer to OUT/qNN.csv")
    parser.add_argument("--preload", action="store_true", help="read every table before timing the queries")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs of each query in a row; with more than one each line is 'qNN run seconds rows' and"
                             " the last run is the warm one, as Mars's second run is")
    args = parser.parse_args()
    if args.runs < 1:
        raise SystemExit(f"--runs must be at least 1, got {args.runs}")
    if args.format == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            try:
                import fastparquet  # noqa: F401
            except ImportError:
                raise SystemExit("--format parquet needs pyarrow or fastparquet; use --format text")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    tables = Tables(args.engine, args.data, args.format)
    if args.preload:
        start = time.perf_counter()
        tables.preload()
        print(f"preload {time.perf_counter() - start:.3f}", file=sys.stderr)
    for n in (int(q) for q in args.queries.split(",")):
        for run in range(1, args.runs + 1):
            start = time.perf_counter()
            answer = QUERIES[n - 1](tables)
            elapsed = time.perf_counter() - start
            if args.runs == 1:
                print(f"q{n:02d} {elapsed:.3f} {len(answer)}", flush=True)
            else:
                print(f"q{n:02d} {run} {elapsed:.3f} {len(answer)}", flush=True)
        if args.out:
            answer.to_csv(os.path.join(args.out, f"q{n:02d}.csv"), index=False)


if __name__ == "__main__":
    main()
