// English words left in a Chinese page: what the Vitest renders (page-text.test.js) and the
// browser tests (language.test.js) read the zh-CN page for. A word is a run of Latin
// letters; names, units and symbols the Chinese page writes as the English one does are
// allowed (ALLOWED, the model and GPU preset names, the engines), and so is any token with
// a digit, a point, an underscore or a star: an identifier, a file, a version or a
// precision (t_kernel, torch.compile, Llama-3.1-8B, fp16, systems/*.yaml). The text of an
// element marked as a quotation (<cite lang="en">) is not read: callers leave it out.
import table from '../../core/fields.json' with { type: 'json' };

/** Units, symbols, products, people and the terms the zh-CN tables keep in Latin letters. */
const WORDS = `
  GB GiB MiB KiB TB ms TFLOPS TOPS FLOP FLOPs AI KV MoE MLA TTFT API GPU GPUs CPU RAM HBM VRAM USD kWh W Mtok
  tok token roofline tp pp max min vLLM SGLang NCCL NVIDIA AMD Apple Intel Google AllReduce GEMM QKV RMSNorm
  RoPE SiLU CUDA PyTorch MLSys Vidur Agrawal Bambhaniya Frantar et al GenZ Marlin AIConfigurator NIM DeepSeek TensorRT LLM
  Llama README github Hugging Face MTP
`.split(/\s+/).filter(Boolean);

/** Tokens a Chinese sentence writes whole: units with a slash, and names with a hyphen. */
const TOKENS = ['GB/s', 'TB/s', 'tok/s', 'FLOP/byte', 'TensorRT-LLM', 'gpt-fast', 'sgl-kernel', 'aic-core', 'ai-dynamo/aiconfigurator',
  'pytorch-labs/gpt-fast', 'XiongjieDai/GPU-Benchmarks-on-LLM-Inference', 'llama.cpp', 'trt-llm'];

/** The allowed words, with the preset names (model and GPU) given by the caller. */
export function allowList(names = []) {
  const engines = table.fields.find((f) => f.key === 'engine').choices;
  const words = new Set([...WORDS, ...engines]);
  for (const name of names) for (const w of String(name).split(/[^A-Za-z]+/)) if (w) words.add(w);
  return { words, tokens: new Set([...TOKENS, ...engines]) };
}

/** The English words of a text: [] when it is Chinese but for the allowed names, units and symbols. */
export function englishWords(text, allow = allowList()) {
  const found = [];
  // Split on spaces, CJK characters and punctuation (the Latin kind and the CJK kind), keeping / - . _ * ^ in tokens.
  for (const raw of String(text).split(/[\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef,;:!?()[\]{}"'“”‘’<>=+·×÷−–—…|%$#@&~`]+/)) {
    const token = raw.replace(/^[-/.*^]+|[-/.*^]+$/g, '');
    if (!token || allow.tokens.has(token)) continue;
    // An identifier, a file, a version, a precision or a number.
    if (/[\d._*^]/.test(token)) continue;
    for (const part of token.split(/[/-]/)) {
      if (/[A-Za-z]{2,}/.test(part) && !allow.words.has(part)) found.push(part);
    }
  }
  return found;
}
