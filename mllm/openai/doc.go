// Package openai is an mllm.Model for any OpenAI-compatible chat-completions endpoint: OpenAI's
// GPT-4o, Qwen-VL behind an OpenAI-compatible gateway, a vLLM server, Ollama.
//
// Each role renders an embedded prompt template (prompts/*.tmpl, written for this project; a
// folder of the user's own templates may override them by file name), sends the images as base64
// PNG data URLs scaled down to a longest side (or tiled into one image for servers that take one
// image per message), asks for JSON (a strict JSON schema where the server supports it, else JSON
// mode, else plain text read by the tolerant mllm parsers) and re-asks a bounded number of times,
// quoting what was wrong, when a reply cannot be used.
//
// Every HTTP request goes through the project's httpclient.Policy (per-try timeout, total
// deadline, retries with jitter on 429, 5xx, timeouts and dropped connections, Retry-After,
// redirects that never carry the key to another origin); replies are read within a size bound.
// The API key never reaches a trace, a log, a cache file, an error or a reply's raw text:
// everything received is scrubbed of it.
//
// A reply's Usage counts what the call cost: Requests is every HTTP request sent (the policy's
// retries, format downgrades and re-asks included); Images counts, for every request the model
// answered, the views it was shown — a tiled image counts the views it holds, since the paper
// counts VQUs per rendered image; tokens are the server's own counts. A call that fails returns
// its reply empty but for Meta.Usage, so that mllm.WithAccounting still counts what was spent.
package openai
