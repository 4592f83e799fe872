package smplx_test

// The slow reference: a literal transcription of the smplx Python package's lbs() (lbs.py) over
// every joint of the model, in float64 with naive loops, reading the stand-in's arrays as the file
// holds them (smplxtest.Raw: unmerged weights of all J joints, every posedirs column). It shares no
// code with the package: its own Rodrigues, matrices and loops.

import (
	"math"

	"interactagent/body/smplx/smplxtest"
)

type refMat4 [4][4]float64

// refOutput is what lbs() returns (translation added as SMPLX.forward adds it).
type refOutput struct {
	shaped    [][3]float64 // v_shaped
	restJ     [][3]float64 // J = J_regressor · v_shaped, every joint
	offsets   [][3]float64 // pose_offsets
	verts     [][3]float64 // posed vertices + transl
	joints    [][3]float64 // J_transformed + transl, every joint
	relTransf []refMat4    // A, every joint
}

// refLBS poses raw with betas (the first len(betas) shapedirs columns), a full pose of J axis-angle
// vectors and a translation.
func refLBS(raw *smplxtest.Raw, betas []float64, pose [][3]float64, transl [3]float64) *refOutput {
	n, nj := raw.NumVertices(), raw.NumJoints()
	out := &refOutput{}
	// v_shaped = v_template + blend_shapes(betas, shapedirs)
	out.shaped = make([][3]float64, n)
	for v := range n {
		for c := range 3 {
			x := raw.Template[v][c]
			for l, b := range betas {
				x += b * raw.ShapeDirs[(v*3+c)*raw.NumShape+l]
			}
			out.shaped[v][c] = x
		}
	}
	// J = vertices2joints(J_regressor, v_shaped)
	out.restJ = make([][3]float64, nj)
	for j := range nj {
		for v := range n {
			for c := range 3 {
				out.restJ[j][c] += raw.Regressor[j][v] * out.shaped[v][c]
			}
		}
	}
	// rot_mats = batch_rodrigues(full_pose)
	rot := make([][3][3]float64, nj)
	for j := range nj {
		rot[j] = refRodrigues(pose[j])
	}
	// pose_feature = (rot_mats[:, 1:] - ident).view(-1); pose_offsets = pose_feature @ posedirs
	feat := make([]float64, 0, (nj-1)*9)
	for j := 1; j < nj; j++ {
		for r := range 3 {
			for c := range 3 {
				id := 0.0
				if r == c {
					id = 1
				}
				feat = append(feat, rot[j][r][c]-id)
			}
		}
	}
	out.offsets = make([][3]float64, n)
	posed := make([][3]float64, n)
	for v := range n {
		for c := range 3 {
			for k, fk := range feat {
				out.offsets[v][c] += fk * raw.PoseDirs[(v*3+c)*raw.NumPose+k]
			}
			posed[v][c] = out.offsets[v][c] + out.shaped[v][c]
		}
	}
	// J_transformed, A = batch_rigid_transform(rot_mats, J, parents)
	jt, a := refRigidTransform(rot, out.restJ, raw.Parents)
	out.relTransf = a
	// W = lbs_weights; T = W @ A; v_posed_homo = [v_posed, 1]; verts = T @ v_posed_homo
	out.verts = make([][3]float64, n)
	for v := range n {
		var t refMat4
		for j := range nj {
			for r := range 4 {
				for c := range 4 {
					t[r][c] += raw.Weights[v][j] * a[j][r][c]
				}
			}
		}
		h := [4]float64{posed[v][0], posed[v][1], posed[v][2], 1}
		for r := range 3 {
			x := 0.0
			for c := range 4 {
				x += t[r][c] * h[c]
			}
			out.verts[v][r] = x + transl[r]
		}
	}
	out.joints = make([][3]float64, nj)
	for j := range nj {
		for c := range 3 {
			out.joints[j][c] = jt[j][c] + transl[c]
		}
	}
	return out
}

// refRodrigues is batch_rodrigues: angle = ‖r + 1e-8‖, K the cross-product matrix of r/angle,
// R = I + sin(angle)·K + (1 − cos(angle))·K².
func refRodrigues(r [3]float64) [3][3]float64 {
	e := [3]float64{r[0] + 1e-8, r[1] + 1e-8, r[2] + 1e-8}
	angle := math.Sqrt(e[0]*e[0] + e[1]*e[1] + e[2]*e[2])
	rx, ry, rz := r[0]/angle, r[1]/angle, r[2]/angle
	k := [3][3]float64{{0, -rz, ry}, {rz, 0, -rx}, {-ry, rx, 0}}
	var out [3][3]float64
	for i := range 3 {
		for j := range 3 {
			kk := 0.0
			for m := range 3 {
				kk += k[i][m] * k[m][j]
			}
			id := 0.0
			if i == j {
				id = 1
			}
			out[i][j] = id + math.Sin(angle)*k[i][j] + (1-math.Cos(angle))*kk
		}
	}
	return out
}

// refRigidTransform is batch_rigid_transform: rel_joints = J_i − J_parent; transforms_mat_i =
// [R_i | rel_joints_i]; chain_i = chain_parent @ transforms_mat_i; posed joints = the chain's
// translations; rel_transforms = transforms − [0 | transforms @ (J, 0)].
func refRigidTransform(rot [][3][3]float64, joints [][3]float64, parents []int) ([][3]float64, []refMat4) {
	nj := len(joints)
	chain := make([]refMat4, nj)
	for i := range nj {
		rel := joints[i]
		if i > 0 {
			for c := range 3 {
				rel[c] = joints[i][c] - joints[parents[i]][c]
			}
		}
		var tm refMat4
		for r := range 3 {
			for c := range 3 {
				tm[r][c] = rot[i][r][c]
			}
			tm[r][3] = rel[r]
		}
		tm[3][3] = 1
		if i == 0 {
			chain[0] = tm
			continue
		}
		chain[i] = refMul(chain[parents[i]], tm)
	}
	posed := make([][3]float64, nj)
	rel := make([]refMat4, nj)
	for i := range nj {
		rel[i] = chain[i]
		for r := range 3 {
			posed[i][r] = chain[i][r][3]
			x := 0.0
			for c := range 3 {
				x += chain[i][r][c] * joints[i][c]
			}
			rel[i][r][3] -= x
		}
	}
	return posed, rel
}

func refMul(a, b refMat4) refMat4 {
	var out refMat4
	for i := range 4 {
		for j := range 4 {
			for k := range 4 {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}
