# Sourced by bin/mars-env.sh and bin/mars-shell (not run). OpenBLAS picks its kernels from the CPU's model number, and
# a CPU newer than the library is one it does not know: Debian 12's OpenBLAS 0.3.21 on a 2023 Xeon (family 6, model
# 207) falls back to its Prescott kernels, SSE3 only, and a 4000 x 4000 product takes 4x as long as with the AVX-512
# ones. Unless OPENBLAS_CORETYPE is set already (the user's choice, kept), it names the kernels this CPU's flags allow:
# SkylakeX with AVX-512 (F, CD, BW, DQ, VL), Haswell with AVX2 and FMA, else OpenBLAS's own choice. The YARN worker
# containers get the same rule (io.mars.am.yarn.OpenBlasCore), evaluated on their own node.

# The core type for the CPU flags in $1 (a /proc/cpuinfo flags line), or nothing.
mars_openblas_core() {
  local flags=" $1 " f
  local all=1
  for f in avx512f avx512cd avx512bw avx512dq avx512vl; do
    [[ "$flags" == *" $f "* ]] || all=0
  done
  if ((all)); then
    echo SkylakeX
  elif [[ "$flags" == *" avx2 "* && "$flags" == *" fma "* ]]; then
    echo Haswell
  fi
}

if [[ -z "${OPENBLAS_CORETYPE+set}" ]]; then
  mars_core="$(mars_openblas_core "$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2-)")"
  if [[ -n "$mars_core" ]]; then
    export OPENBLAS_CORETYPE="$mars_core"
  fi
  unset mars_core
fi
