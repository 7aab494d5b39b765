<#--
  Helpers shared by the loop templates. A pattern is a Java expression with placeholders ({a}, {b}, {x}, ...);
  the templates substitute array elements or locals for them, so every loop body is written once, in a table.
-->
<#-- The pattern an operation (a row of ElementwiseOps.tdd) has for type t, or "" when t has no such operation. -->
<#function patternFor op t>
  <#if op[t.name]??>
    <#return op[t.name]>
  </#if>
  <#if op.expr?? && (!op.types?? || op.types?seq_contains(t.name))>
    <#return op.expr>
  </#if>
  <#return "">
</#function>

<#function isFast op t>
  <#return op.fast?? && op.fast?seq_contains(t.name) && patternFor(op, t) != "">
</#function>

<#function ab pattern a b>
  <#return pattern?replace("{a}", a)?replace("{b}", b)>
</#function>

<#function xy pattern x y>
  <#return pattern?replace("{x}", x)?replace("{y}", y)>
</#function>

<#-- A balanced sum of lanes 0 .. count-1 named prefix0, prefix1, ... (the order fixes float rounding). -->
<#function laneSum prefix from count cast>
  <#if count == 1>
    <#return cast + prefix + from>
  </#if>
  <#local half = count / 2>
  <#local left = laneSum(prefix, from, half, cast)>
  <#local right = laneSum(prefix, from + half, half, cast)>
  <#return (half > 1)?then("(" + left + ") + (" + right + ")", left + " + " + right)>
</#function>

<#-- The element a[i + k] of an unrolled loop. -->
<#function lane k>
  <#return (k == 0)?then("a[i]", "a[i + " + k + "]")>
</#function>

<#--
  static ACC NAME(T[] a, int from, int n EXTRA): the sum of term(a[i]) over a run, in `lanes` independent
  accumulators of laneType, so the loop is not bound by the latency of one chain of additions, added pairwise.
-->
<#macro unrolledRun name type acc lanes laneType cast term extra="" visibility="">
    ${visibility}static ${acc} ${name}(${type}[] a, int from, int n${extra}) {
<#if lanes == 1>
        ${acc} s = 0;
        for (int i = from, end = from + n; i < end; i++) {
            s += ${term?replace("{x}", "a[i]")};
        }
        return s;
<#else>
<#list 0..<lanes as k>
        ${laneType} s${k} = 0;
</#list>
        int i = from;
        int end = from + n;
        for (; i <= end - ${lanes}; i += ${lanes}) {
<#list 0..<lanes as k>
            s${k} += ${term?replace("{x}", lane(k))};
</#list>
        }
        for (; i < end; i++) {
            s0 += ${term?replace("{x}", "a[i]")};
        }
        return ${laneSum("s", 0, lanes, cast)};
</#if>
    }
</#macro>

<#-- The runs of a reduction map's layout; the nested body sees i0 (input), o0 (state) and step (0 or 1). -->
<#macro runs>
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
<#nested>
        }
</#macro>
