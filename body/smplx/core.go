package smplx

// The bounds Load holds a model file to: generous for every SMPL-family model (SMPL-X has 10,475
// vertices, 20,908 triangles and 400 shapedirs columns), they keep a malformed or hostile file from
// making Load allocate without limit.
const (
	MaxVertices     = 100_000
	MaxFaces        = 1_000_000
	MaxShapeColumns = 400
)

// MaxBetas is the most shape components a Model keeps (Model.NumBetas): the field's motion
// carries at most 16 (AMASS's SMPL-X and SMPL-H fits; TRUMANS and most fits use 10), and keeping
// all 300 of an SMPL-X file would hold 38 MB more for components no motion sets.
const MaxBetas = 16

// numPoseFeatures is the number of pose features a Model keeps: the nine entries of R_j − I of the
// body joints 1 to 21, column (j−1)·9 + row·3 + col, as lbs.py orders them.
const numPoseFeatures = NumBodyPose * 9

// poseStride is the row length of the kept pose correctives: the 189 features padded to 192, so
// that each row's dot product runs in whole blocks of 16.
const poseStride = 192

// model holds the arrays posing reads, kept in memory as docs/smplx.md states.
type model struct {
	// regressor holds J_regressor's nonzero entries, per joint.
	regressor [][]regressorTerm
	// shapeDirs holds the kept shape components, NumBetas rows of 3N: component k's row is
	// shapedirs[:, :, k] vertex by vertex (x, y, z).
	shapeDirs []float32
	// poseDirs holds posedirs' columns of the body joints, 3N rows of poseStride (the last three
	// zero): row 3v+c is posedirs[v, c, 0:189].
	poseDirs []float32
	// skinStart[v] to skinStart[v+1] are vertex v's merged weights in skin.
	skinStart []int32
	skin      []skinTerm

	normCache // CorrectiveReach's per-vertex norms
}

// regressorTerm is one nonzero entry of J_regressor's row of a joint.
type regressorTerm struct {
	vertex int32
	weight float64
}

// skinTerm is one merged skinning weight of a vertex: the sum of the file's weights of a body
// joint and of every joint beyond 21 whose nearest body ancestor it is.
type skinTerm struct {
	joint  int32
	weight float64
}

// MaxInfluences returns the most merged skinning weights one vertex has (joints among the first 22
// with a nonzero weight). Mesh keeps four per vertex, so Mesh skins exactly when this is at most 4.
func (m *Model) MaxInfluences() int {
	most := 0
	for v := 0; v+1 < len(m.skinStart); v++ {
		most = max(most, int(m.skinStart[v+1]-m.skinStart[v]))
	}
	return most
}

// NumJoints returns the number of the model's joints (24, 52 or 55).
func (m *Model) NumJoints() int { return len(m.Parents) }
