// Package fileio holds the project's rules for files that come from or go to the outside: every
// file is written atomically (a temporary file in the same folder, synced, then renamed over the
// final path, so a failed or interrupted write leaves the old file as it was) and read with a size
// limit checked before the bytes are.
package fileio
