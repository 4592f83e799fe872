package smplx

// model holds the arrays posing reads (regressor, shape and pose blend directions, merged
// weights). Placeholder: helper A defines it.
type model struct{}
