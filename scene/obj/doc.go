// Package obj reads Wavefront OBJ files as scenes: each "o" statement starts an object and each
// "g" a part of it; Load also reads the colours of the materials the file names.
package obj
