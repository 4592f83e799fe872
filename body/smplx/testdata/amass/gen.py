"""Writes the small AMASS-style files the tests read, with numpy itself (python3 gen.py).

Each holds 3 frames whose pose value k of frame t is 0.001 * (100 * t + k) (negated for odd k), and
trans (t, 2t, 3t) / 10; betas 0.1 * (i + 1). They differ in what real files differ in: key names,
dtypes, byte order, memory order, how gender is stored and compression.
"""
import numpy as np

T = 3


def poses(width, dtype="<f8", fortran=False):
    p = np.array([[0.001 * (100 * t + k) * (-1 if k % 2 else 1) for k in range(width)] for t in range(T)])
    p = p.astype(dtype)
    return np.asfortranarray(p) if fortran else p


trans = np.array([[t / 10, 2 * t / 10, 3 * t / 10] for t in range(T)])
betas = np.array([0.1 * (i + 1) for i in range(16)])

# AMASS SMPL-X (2022 release): float64, gender '<U6', mocap_frame_rate, surface_model_type.
np.savez("smplx.npz", poses=poses(165), trans=trans, betas=betas, gender=np.array("female"),
         mocap_frame_rate=np.array(120.0), surface_model_type=np.array("smplx"), num_betas=np.array(16),
         root_orient=poses(165)[:, :3], pose_body=poses(165)[:, 3:66])
# AMASS SMPL-H (older release): mocap_framerate, gender as bytes, dmpls, compressed.
np.savez_compressed("smplh.npz", poses=poses(156), trans=trans, betas=betas, gender=np.array(b"male"),
                    mocap_framerate=np.array(60.0), dmpls=np.zeros((T, 8)))
# SMPL: float32, big-endian, Fortran order, betas (1, 10), gender a pickled bytes object.
np.savez("smpl.npz", poses=poses(72, ">f4", fortran=True), trans=np.asfortranarray(trans.astype("<f4")),
         betas=betas[:10].reshape(1, 10), gender=np.array(b"neutral", dtype=object),
         mocap_framerate=np.array([30.0], dtype="<f4"))
