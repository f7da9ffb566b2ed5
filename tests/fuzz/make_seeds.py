#!/usr/bin/env python3
"""Regenerates the seed corpora in tests/fuzz/seeds/ (run from anywhere).

  seeds/config/    every preset's HF "config" object as a standalone config.json,
                   plus hand-written malformed and edge-case configs
  seeds/request/   every request in tests/vectors/*.json (input objects, request_text,
                   and input + NUL + config_text, the layout fuzz_request.c reads)
  seeds/analysis/  binary inputs in the layout fuzz_analysis.c decodes

The seeds are inputs, not expectations: nothing here says what the core should answer.
"""
import glob
import json
import os
import struct
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "tests", "fuzz", "seeds")


def write(kind, name, data):
    d = os.path.join(OUT, kind)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def configs():
    for path in sorted(glob.glob(os.path.join(ROOT, "presets", "models", "*.json"))):
        preset = json.load(open(path))
        name = os.path.basename(path)[:-5]
        write("config", name + ".json", json.dumps(preset["config"], indent=2) + "\n")
    small = {"model_type": "llama", "hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
             "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 100}
    moe = dict(small, model_type="qwen3_moe", num_experts=8, num_experts_per_tok=2, moe_intermediate_size=32,
               decoder_sparse_step=2, mlp_only_layers=[0])
    edge = {
        "small-llama.json": json.dumps(small),
        "small-moe.json": json.dumps(moe),
        "gemma3-text-config.json": json.dumps({"model_type": "gemma3", "tie_word_embeddings": False,
                                               "text_config": dict(small, model_type="gemma3_text")}),
        "gpt-oss-like.json": json.dumps(dict(small, model_type="gpt_oss", num_local_experts=4,
                                             experts_per_token=2, attention_bias=True, sliding_window=16,
                                             max_position_embeddings=4096)),
        "qwen2-bias.json": json.dumps(dict(small, model_type="qwen2", use_sliding_window=False,
                                           sliding_window=4096)),
        "escaped-keys.json": '{"model_type":"llama","\\u0068idden_size":64,"intermediate_size":128,'
                             '"num_hidden_layers":2,"num_attention_heads":4,"vocab_size":100}',
        "nulls.json": json.dumps(dict(small, num_key_value_heads=None, head_dim=None, num_experts=None)),
        "truncated.json": json.dumps(small)[:57],
        "trailing-comma.json": json.dumps(small)[:-1] + ",}",
        "nan.json": json.dumps(small).replace("64", "NaN", 1),
        "duplicate.json": json.dumps(small)[:-1] + ', "hidden_size": 65}',
        "deep.json": '{"a":' + "[" * 70 + "]" * 70 + "}",
        "not-object.json": "[1, 2, 3]",
        "empty.json": "",
        "huge-number.json": json.dumps(small).replace("100}", "1" + "0" * 80 + "}"),
        "fraction.json": json.dumps(small).replace("64", "64.5", 1),
        "shared-experts.json": json.dumps(dict(moe, n_shared_experts=1)),
        "mla.json": json.dumps(dict(small, kv_lora_rank=512)),
        "long-mlp-only.json": json.dumps(dict(moe, mlp_only_layers=list(range(0, 2)) * 50)),
    }
    for name, text in edge.items():
        write("config", name, text)


# Vectors whose request makes a harness fail (an open finding) belong in regressions/, not in the
# seeds: a seed that fails stops libFuzzer before it fuzzes anything.
KNOWN_FAILING = {
    "hw-unified-without-gpu-limit",  # its error message does not name the field "gpu" (regressions/request/)
}


def requests():
    n = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "vectors", "*.json"))):
        for v in json.load(open(path)).get("vectors", []):
            if v["name"] in KNOWN_FAILING:
                continue
            if "request_text" in v:
                data = v["request_text"].encode("utf-8")
            else:
                data = json.dumps(v["input"], separators=(",", ":")).encode("utf-8")
            if "config_text" in v:
                data += b"\0" + v["config_text"].encode("utf-8")
            write("request", "%s.json" % v["name"], data)
            n += 1
    return n


# ---- fuzz_analysis.c layout ---------------------------------------------------
# int64: selector byte; 1 -> 8 raw bytes little endian; 2 -> one byte; 3 -> two bytes.
def i64(v):
    if 0 <= v < 256:
        return bytes([2, v])
    if 0 <= v < 65536:
        return bytes([3]) + struct.pack("<H", v)
    return bytes([1]) + struct.pack("<q", v)


def f64(v):
    return bytes([1]) + struct.pack("<d", v)


def analysis_seed(layers, hidden, heads, kv, hd, vocab, inter, maxpos=0, window=0, sliding_layers=0, experts=0,
                  topk=0, moe_inter=0, moe_layers=0, shared=0, flags=0, mla=None, flags2=0, dtype_index=0, quant=0,
                  dtype_raw=None,
                  gpu=(312.0, 1555.0, 40.0), gflags=0, fp8=None, int8=None, ram=None, which=0, prec=0, kvprec=0,
                  moe_read=0, seq=4096, batch=1, tp=1, pp=1, micro=0, block=0, chunk=None, reserves=None,
                  overhead=None, pool=None, launch=None, cap=4):
    b = b"".join(i64(x) for x in (layers, hidden, heads, kv, hd, vocab, inter, maxpos, window, sliding_layers,
                                   experts, topk, moe_inter, moe_layers, shared))
    flags = (flags & 0x3f) | (0x40 if mla else 0)
    b += bytes([flags])
    if mla:
        b += b"".join(i64(x) for x in mla)  # q_lora, kv_lora, nope, rope, v
    b += bytes([(flags2 & 3) | (8 if dtype_raw is not None else 0) | (dtype_index << 4) | (quant << 6)])
    if dtype_raw is not None:
        b += bytes([dtype_raw & 0xff])
    b += bytes([1, 0])  # model_type "llama"; name "" (the harness then names it "custom")
    b += b"".join(f64(x) for x in gpu)
    gflags |= (4 if fp8 is not None else 0) | (8 if int8 is not None else 0) | (16 if ram is not None else 0)
    b += bytes([gflags])
    for x in (fp8, int8, ram):
        if x is not None:
            b += f64(x)
    which |= (1 if prec else 0) | (2 if kvprec else 0) | (4 if moe_read else 0)
    which |= (8 if chunk is not None else 0) | (16 if reserves is not None else 0)
    which |= (32 if overhead is not None else 0) | (64 if pool is not None else 0) | (128 if launch is not None else 0)
    b += bytes([which])
    for bit, x in ((1, prec), (2, kvprec), (4, moe_read)):
        if which & bit:
            b += bytes([x])
    b += b"".join(i64(x) for x in (seq, batch, tp, pp, micro, block))
    if chunk is not None:
        b += i64(chunk)
    if reserves is not None:
        b += f64(reserves[0]) + f64(reserves[1])
    for x in (overhead, pool, launch):
        if x is not None:
            b += f64(x)
    b += bytes([cap])
    return b


def analysis():
    q4 = dict(layers=36, hidden=2560, heads=32, kv=8, hd=128, vocab=151936, inter=9728, maxpos=40960,
              dtype_index=1)
    l70 = dict(layers=80, hidden=8192, heads=64, kv=8, hd=128, vocab=128256, inter=28672, maxpos=8192,
               dtype_index=1)
    mix = dict(layers=32, hidden=4096, heads=32, kv=8, hd=128, vocab=32000, inter=14336, experts=8, topk=2,
               moe_inter=14336, moe_layers=32, window=4096, sliding_layers=32, maxpos=32768, dtype_index=1)
    ds = dict(layers=61, hidden=7168, heads=128, kv=128, hd=192, vocab=129280, inter=18432, maxpos=163840,
              experts=256, topk=8, moe_inter=2048, moe_layers=58, shared=2048, mla=(1536, 512, 128, 64, 128),
              flags2=2, dtype_index=1, quant=1)
    gemma = dict(layers=62, hidden=5376, heads=32, kv=16, hd=128, vocab=262208, inter=21504, maxpos=131072,
                 window=1024, sliding_layers=52, flags=0b11, dtype_index=1)
    h100 = (989.0, 3350.0, 80.0)
    seeds = {
        "qwen3-4b-a100": analysis_seed(**q4),
        "qwen3-4b-batch64-fp8kv": analysis_seed(**q4, prec=2, kvprec=4, batch=64),
        "qwen3-4b-paged": analysis_seed(**q4, block=16, seq=4000, batch=8),
        "qwen3-4b-tight": analysis_seed(**q4, gpu=(312.0, 1555.0, 9.0), batch=2),
        "qwen3-4b-knobs": analysis_seed(**q4, chunk=512, reserves=(1.0, 0.5), overhead=0.1, pool=0.5, launch=0.0,
                                        tp=2),
        "llama70b-refused": analysis_seed(**l70, gpu=h100),
        "llama70b-tp4": analysis_seed(**l70, gpu=h100, tp=4, batch=16),
        "llama70b-pp4": analysis_seed(**l70, gpu=h100, pp=4, micro=4, batch=16),
        "llama70b-pp3-kv-refusal": analysis_seed(**l70, gpu=h100, pp=3, batch=512, seq=32768),
        "llama70b-fp8-roof": analysis_seed(**l70, gpu=h100, fp8=1979.0, int8=1979.0, prec=4, tp=2),
        "llama70b-int8-roof": analysis_seed(**l70, gpu=h100, int8=1979.0, prec=5, tp=2),
        "mixtral-union": analysis_seed(**mix, gpu=(989.0, 4800.0, 141.0), batch=8),
        "mixtral-distinct-int4": analysis_seed(**mix, gpu=(989.0, 4800.0, 141.0), prec=6, moe_read=1, batch=3),
        "deepseek-mla-fp8": analysis_seed(**ds, gpu=(2250.0, 8000.0, 180.0), fp8=4500.0, tp=8, batch=4),
        "gemma3-windows": analysis_seed(**gemma, gpu=h100, seq=32768, block=16),
        "apple-unknown-tflops": analysis_seed(**q4, gpu=(0.0, 546.0, 96.0), gflags=3, ram=128.0),
        "tiny-model-huge-gpu": analysis_seed(1, 1, 1, 1, 1, 1, 1, gpu=(1e6, 1e6, 1e6), seq=1),
        "max-shapes": analysis_seed(100000, 1048576, 65536, 65536, 65536, 16777216, 16777216),
        "paged-block-max": analysis_seed(**q4, block=1 << 24, seq=(1 << 24), batch=1 << 20),
    }
    for name, data in seeds.items():
        write("analysis", name + ".bin", data)
    # Raw specials: all-zero, all-0xff, one selector of each kind.
    write("analysis", "zeros.bin", bytes(64))
    write("analysis", "ones.bin", b"\xff" * 200)
    write("analysis", "specials.bin", bytes(range(0, 256, 4)) * 2)


def regressions():
    """Known findings (see the fuzz report): each input fails its target until the core is fixed."""
    q4 = dict(layers=36, hidden=2560, heads=32, kv=8, hd=128, vocab=151936, inter=9728, maxpos=40960,
              dtype_index=1)
    h100 = (989.0, 3350.0, 80.0)
    out = os.path.join(ROOT, "tests", "fuzz", "regressions")
    files = {
        # rl_model_default() leaves dtype 0 (RL_PREC_AUTO) and rl_model_finish accepts it: with the
        # default precision "auto" the weights and the KV resolve to 0 bytes and the step to 0 s.
        "analysis/model-dtype-auto.bin": analysis_seed(**q4, dtype_raw=0, gpu=h100),
        # rl_model_finish accepts experts < 0 (it only checks experts > 0): -1 experts, distinct reads.
        "analysis/model-negative-experts.bin": analysis_seed(**dict(q4, experts=-1), gpu=h100, moe_read=1),
        # rl_gpu_validate never looks at ram_gib: a unified GPU with ram_gib NaN echoes null in the report.
        "analysis/gpu-unified-ram-nan.bin": analysis_seed(**q4, gpu=h100, gflags=2, ram=float("nan")),
        # Positive but tiny GPU figures: every time overflows to infinity.
        "analysis/gpu-denormal.bin": analysis_seed(**q4, gpu=(5e-324, 5e-324, 1e6)),
        "analysis/pool-fraction-1e-300.bin": analysis_seed(**q4, gpu=h100, pool=1e-300),
        "request/gpu-tflops-1e-305.json":
            '{"model":"qwen3-4b","gpu":{"tflops":1e-305,"bandwidth_gbs":3350,"vram_gib":80}}',
        "request/gpu-bandwidth-denormal.json":
            '{"model":"qwen3-4b","gpu":{"tflops":989,"bandwidth_gbs":5e-324,"vram_gib":80}}',
        "request/pool-fraction-1e-300.json": '{"model":"qwen3-4b","gpu":"h100-sxm","pool_fraction":1e-300}',
        # A GPU preset without a sourced bandwidth: the error names the field "gpu", its message does not.
        "request/gpu-preset-without-limit.json": '{"model": "qwen3-4b", "gpu": "dgx-spark"}',
        # An unknown key of valid UTF-8, cut at 40 bytes inside a character: the error JSON is not UTF-8.
        "request/unknown-key-utf8-cut.json": '{"model":"qwen3-4b","gpu":"h100-sxm","a' + "\u00e9" * 25 + '":1}',
    }
    # count_moe_layers re-reads the whole mlp_only_layers list for every layer: O(L x list). 100000 layers and
    # a 4000-entry list (23 KB of config.json) take about 24 s in a release build.
    slow = {"model_type": "qwen3_moe", "hidden_size": 1, "intermediate_size": 1, "num_hidden_layers": 100000,
            "num_attention_heads": 1, "vocab_size": 1, "num_experts": 2, "num_experts_per_tok": 1,
            "moe_intermediate_size": 1, "mlp_only_layers": list(range(4000))}
    files["config/mlp-only-layers-quadratic.json"] = json.dumps(slow)
    for name, data in files.items():
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)


def main():
    configs()
    n = requests()
    analysis()
    regressions()
    print("seeds written to %s (%d requests)" % (OUT, n), file=sys.stderr)


if __name__ == "__main__":
    main()
