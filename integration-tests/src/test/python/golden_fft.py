"""Golden cases for complex dtypes and numpy.fft (FftGoldenTest): writes inputs and numpy's results as .npy files.

Run with numpy 2 (pyenv's python3): python3 golden_fft.py; it rewrites
integration-tests/src/test/resources/golden/fft/{inputs,expected}/ and cases.tsv (name, inputs, expression).
The Java test builds the same expression for every case name and checks it under several chunkings.
"""
import os
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "resources", "golden", "fft")
rng = np.random.default_rng(18)


def cplx(*shape, dtype=np.complex128):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


INPUTS = {
    "c7": cplx(7), "c7b": cplx(7), "c8": cplx(8), "c13": cplx(13), "c16": cplx(16),
    "r12": rng.standard_normal(12), "r11": rng.standard_normal(11),
    "c2": cplx(6, 10), "r2": rng.standard_normal((5, 9)), "c3": cplx(4, 5, 6),
    "c64": cplx(9, dtype=np.complex64), "f32": rng.standard_normal(9).astype(np.float32),
    "i64": rng.integers(-50, 50, 9), "f64": rng.standard_normal(9),
    "big": cplx(5) * 1e300, "c5": cplx(5), "c9": cplx(9),
}
_other = cplx(6, 10)
INPUTS["c12"] = cplx(12)
INPUTS["c8192"] = cplx(8192)
INPUTS["c4099"] = cplx(4099)
INPUTS["csp"] = np.array([-4 + 0j, complex(-4, -0.0), 0j, 3 + 4j, -3 - 4j, 1e-300j, complex(-0.0, 2), 2.5 - 1e-9j])
INPUTS["c2eq"] = np.where(np.arange(10) % 2 == 0, INPUTS["c2"], _other)
INPUTS["c2ne"] = np.where(np.arange(10) % 3 == 0, INPUTS["c2"], _other)
# real n-d inputs (the transform by the Hermitian symmetry): a stream of their own, so the inputs above stay as they were
rng29 = np.random.default_rng(29)
INPUTS["r2e"] = rng29.standard_normal((6, 8))
INPUTS["r3"] = rng29.standard_normal((4, 5, 7))
INPUTS["r2f32"] = rng29.standard_normal((5, 6)).astype(np.float32)
INPUTS["r2i"] = rng29.integers(-20, 20, (3, 10))
F = np.fft
CASES = [
    # complex arithmetic, promotion, reductions
    ("add", "c7 c7b", lambda x, y: x + y), ("subtract", "c7 c7b", lambda x, y: x - y),
    ("multiply", "c7 c7b", lambda x, y: x * y), ("divide", "c7 c7b", lambda x, y: x / y),
    ("divide_big", "big c5", lambda x, y: x / y),
    ("promote_f32_c64", "f32 c64", lambda x, y: x + y), ("promote_f64_c64", "f64 c64", lambda x, y: x + y),
    ("promote_i64_c64", "i64 c64", lambda x, y: x * y), ("promote_c64_c128", "c64 c9", lambda x, y: x - y),
    ("negative", "c13", np.negative), ("conj", "c13", np.conj), ("real", "c13", np.real), ("imag", "c13", np.imag),
    ("abs", "c13", np.abs), ("abs_big", "big", np.abs), ("abs_c64", "c64", np.abs), ("angle", "c13", np.angle),
    ("exp", "c13", np.exp), ("exp_c64", "c64", np.exp),
    ("sum", "c13", np.sum), ("sum_axis0", "c2", lambda x: x.sum(axis=0)), ("mean_axis1", "c2", lambda x: x.mean(axis=1)),
    ("mean_c64", "c64", np.mean), ("prod", "c7", np.prod), ("prod_axis1", "c2", lambda x: x.prod(axis=1)),
    ("prod_c64", "c64", np.prod), ("prod_3d_axes01", "c3", lambda x: x.prod(axis=(0, 1))), ("sum_3d_axis2", "c3", lambda x: x.sum(axis=2)),
    # var/std of complex: numpy's real mean(|x - mean|^2)
    ("var", "c13", np.var), ("std_axis0_ddof1", "c2", lambda x: x.std(axis=0, ddof=1)),
    ("var_axis1_keepdims", "c3", lambda x: x.var(axis=1, keepdims=True)), ("std_c64", "c64", np.std),
    ("var_3d_axes02", "c3", lambda x: x.var(axis=(0, 2))),
    # sqrt, log and power of complex
    ("sqrt", "c13", np.sqrt), ("sqrt_c64", "c64", np.sqrt), ("sqrt_special", "csp", np.sqrt),
    ("log", "c13", np.log), ("log_c64", "c64", np.log), ("log_2d", "c2", np.log),
    ("power_int", "c7", lambda x: x ** 3), ("power_neg", "c7", lambda x: x ** -2),
    ("power_half", "c7", lambda x: x ** 0.5), ("power_complex", "c7 c7b", lambda x, y: x ** y),
    ("power_c64", "c64", lambda x: x ** 2), ("power_special", "csp", lambda x: x ** 4),
    # dot, matmul, inner and tensordot of complex (no conjugation, unlike vdot)
    ("dot_vec", "c7 c7b", np.dot), ("matmul_2d", "c2 c2ne", lambda x, y: x @ y.T),
    ("dot_c64_f64", "c64 f64", np.dot), ("dot_f64_c64", "f64 c64", np.dot), ("inner_2d", "c2 c2eq", np.inner),
    ("matmul_3d", "c3", lambda x: x @ np.swapaxes(x, 1, 2)), ("matmul_c64", "c64 c64", lambda x, y: x @ y),
    ("tensordot_c3_c2", "c3 c2", lambda x, y: np.tensordot(x, y[:, :6].T, axes=([2], [0]))),
    ("vdot", "c7 c7b", np.vdot), ("vdot_2d", "c2 c2ne", np.vdot),
    ("equal", "c2 c2eq", np.equal), ("not_equal", "c2 c2ne", np.not_equal),
    ("astype_c64_c128", "c64", lambda x: x.astype(np.complex128)), ("astype_f64_c128", "f64", lambda x: x.astype(np.complex128)),
    ("astype_c128_c64", "c13", lambda x: x.astype(np.complex64)),
    ("complex_of_parts", "r12 r12", lambda x, y: x + 1j * (y * 2)),
    # fft
    ("fft_c7", "c7", F.fft), ("fft_c8", "c8", F.fft), ("fft_c13", "c13", F.fft), ("fft_c16", "c16", F.fft),
    ("fft_r12", "r12", F.fft), ("fft_i64", "i64", F.fft), ("fft_c64", "c64", F.fft), ("fft_f32", "f32", F.fft),
    ("fft_crop5", "c8", lambda x: F.fft(x, n=5)), ("fft_pad11", "c8", lambda x: F.fft(x, n=11)),
    ("fft_ortho", "c13", lambda x: F.fft(x, norm="ortho")), ("fft_forward", "c13", lambda x: F.fft(x, norm="forward")),
    ("ifft_c13", "c13", F.ifft), ("ifft_c16_ortho", "c16", lambda x: F.ifft(x, norm="ortho")),
    ("ifft_forward", "c7", lambda x: F.ifft(x, norm="forward")),
    ("rfft_r12", "r12", F.rfft), ("rfft_r11", "r11", F.rfft), ("rfft_n7", "r12", lambda x: F.rfft(x, n=7)),
    ("rfft_f32", "f32", F.rfft),
    ("irfft_c7", "c7", F.irfft), ("irfft_n11", "c7", lambda x: F.irfft(x, n=11)), ("irfft_n6", "c7", lambda x: F.irfft(x, n=6)),
    ("irfft_c64", "c64", F.irfft), ("irfft_ortho", "c8", lambda x: F.irfft(x, norm="ortho")),
    ("fft_axis0", "c2", lambda x: F.fft(x, axis=0)), ("fft_axis1_n4", "c2", lambda x: F.fft(x, n=4, axis=1)),
    ("fft2", "c2", F.fft2), ("ifft2", "c2", F.ifft2), ("fft2_s", "c2", lambda x: F.fft2(x, s=(7, 3))),
    ("fft2_r2", "r2", F.fft2), ("rfft_r2_axis0", "r2", lambda x: F.rfft(x, axis=0)),
    ("fftn_3d", "c3", F.fftn), ("ifftn_3d", "c3", lambda x: F.ifftn(x, norm="forward")),
    ("fftn_axes02", "c3", lambda x: F.fftn(x, s=(3, 8), axes=(0, 2))),
    ("fft_c8192", "c8192", F.fft), ("ifft_c8192_ortho", "c8192", lambda x: F.ifft(x, norm="ortho")),
    ("fft_prime4099", "c4099", F.fft),
    ("fourstep_c16", "c16", F.fft), ("fourstep_c12", "c12", F.fft), ("fourstep_ifft_c12", "c12", F.ifft),
    ("fourstep_r12_ortho", "r12", lambda x: F.fft(x, norm="ortho")),
    ("repeat", "c7", lambda x: np.repeat(x, 2)), ("broadcast_to", "c7", lambda x: np.broadcast_to(x, (3, 7))),
    ("flip_2d", "c2", lambda x: x[::-1, ::2]), ("transpose_3d", "c3", lambda x: x.transpose(2, 0, 1)),
    ("concatenate", "c7 c13", lambda x, y: np.concatenate([x, y])), ("reshape", "c2", lambda x: x.reshape(10, 6)),
    ("fftshift_even", "c8", F.fftshift), ("fftshift_odd", "c13", F.fftshift), ("ifftshift_odd", "c13", F.ifftshift),
    ("fftshift_2d", "c2", F.fftshift), ("ifftshift_axis1", "r2", lambda x: F.ifftshift(x, axes=1)),
    ("fftfreq_8", "", lambda: F.fftfreq(8, 0.1)), ("fftfreq_7", "", lambda: F.fftfreq(7)),
    ("rfftfreq_9", "", lambda: F.rfftfreq(9, 2.0)), ("rfftfreq_10", "", lambda: F.rfftfreq(10)),
    # real input, several axes: half the lines transformed, the rest by conjugate symmetry
    ("fft2_r2e", "r2e", F.fft2), ("ifft2_r2e", "r2e", F.ifft2),
    ("fft2_r2e_s", "r2e", lambda x: F.fft2(x, s=(4, 11))),
    ("fftn_r3", "r3", F.fftn), ("ifftn_r3_ortho", "r3", lambda x: F.ifftn(x, norm="ortho")),
    ("fftn_r3_axes20", "r3", lambda x: F.fftn(x, axes=(2, 0))), ("fft2_r3_batch", "r3", F.fft2),
    ("fftn_r3_s", "r3", lambda x: F.fftn(x, s=(3, 1, 2))), ("fftn_r3_last1", "r3", lambda x: F.fftn(x, s=(4, 5, 1))),
    ("fft2_f32", "r2f32", F.fft2), ("fft2_i64", "r2i", F.fft2),
]


def main():
    os.makedirs(os.path.join(OUT, "inputs"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "expected"), exist_ok=True)
    for name, a in INPUTS.items():
        np.save(os.path.join(OUT, "inputs", name + ".npy"), a)
    with open(os.path.join(OUT, "cases.tsv"), "w") as tsv:
        for name, ins, fn in CASES:
            args = [INPUTS[i] for i in ins.split()]
            result = np.asarray(fn(*args))
            np.save(os.path.join(OUT, "expected", name + ".npy"), result)
            tsv.write(f"{name}\t{ins}\t{result.dtype}\n")


if __name__ == "__main__":
    main()
