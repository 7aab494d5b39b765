-- TPC-H Q11: Important Stock Identification
-- FRACTION is 0.0001 / SF, and a database of scale factor SF holds SF * 10,000 suppliers: the threshold is the
-- total value over the number of suppliers, so the query qualifies at every scale factor (0.0001 fits SF 1 only).
select
    ps_partkey,
    sum(ps_supplycost * ps_availqty) as value
from
    partsupp,
    supplier,
    nation
where
    ps_suppkey = s_suppkey
    and s_nationkey = n_nationkey
    and n_name = 'GERMANY'
group by
    ps_partkey
having
    sum(ps_supplycost * ps_availqty) > (
        select
            sum(ps_supplycost * ps_availqty) / (select count(*) from supplier)
        from
            partsupp,
            supplier,
            nation
        where
            ps_suppkey = s_suppkey
            and s_nationkey = n_nationkey
            and n_name = 'GERMANY'
    )
order by
    value desc
