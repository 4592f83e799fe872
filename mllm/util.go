package mllm

import (
	"net/http"
	"strconv"
)

// statusText formats an HTTP status as "429 Too Many Requests".
func statusText(code int) string { return strconv.Itoa(code) + " " + http.StatusText(code) }

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }
