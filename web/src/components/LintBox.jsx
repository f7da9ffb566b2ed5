import { useState } from 'preact/hooks';
import { findingText, t } from '../i18n/index.js';

// "Paste your serve command": a vllm serve / sglang / llama-server / trtllm-serve command,
// (a panel of its own, outside the deployment form, whose every control is a
// row of core/fields.json: tests/web/fields.test.js),
// linted by the core (rlw_lint) with the GPU of the form, answered in the
// engine's own terms, with a corrected command to copy. Its words are in the
// message tables (lint.*); the findings are worded from their codes and values (lintf.*). No times: the answer is about starting
// and concurrency, and a refusal must show no speed anyway.

const EXAMPLE =
  'vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 32768 --max-num-seqs 256 --gpu-memory-utilization 0.9 --kv-cache-dtype fp8';


/** The lint's answer for this command with the form's GPU (and its custom config.json, when one is chosen). */
function lintOf(app, command) {
  const { request, configText } = app.built.value;
  const config = app.inputs.model.value === 'custom' ? configText : undefined;
  try {
    return app.core.lint(command, request, config);
  } catch (error) {
    return { error: { field: 'lint', message: String(error?.message ?? error) } };
  }
}

function Corrected({ text, label, testid = 'lint-corrected', copyId = 'lint-copy', copyLabel = t('lint.copy'), rule }) {
  const [copied, setCopied] = useState(null);
  async function copy() {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false; // file:// or a refused permission: the command stays shown for a manual copy
    }
    setCopied(ok ? 'copied' : 'manual');
  }
  return (
    <div class="lint-corrected" data-rule={rule}>
      <p class="hint">{label}</p>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: '4px 0' }}><code data-testid={testid}>{text}</code></pre>
      <button type="button" data-testid={copyId} data-copied={copied ?? undefined} onClick={copy}>
        {copyLabel}
      </button>
      {copied && (
        <span role="status" class="hint">
          {copied === 'copied' ? t('lint.copied') : t('lint.copyManual')}
        </span>
      )}
    </div>
  );
}

export function LintBox({ app }) {
  const [command, setCommand] = useState('');
  const result = command.trim() === '' ? null : lintOf(app, command);
  const lint = result?.lint;
  return (
    <section class="panel lint-box" aria-label={t('lint.title')}>
      <h2>{t('lint.title')}</h2>
      <div class="field">
        <label for="lint-command">{t('lint.label')}</label>
        <textarea
          id="lint-command"
          data-testid="lint-command"
          rows={4}
          style={{ width: '100%', boxSizing: 'border-box', fontFamily: 'var(--mono)' }}
          spellcheck={false}
          placeholder={EXAMPLE}
          value={command}
          onInput={(e) => setCommand(e.currentTarget.value)}
        />
        <p class="hint">{t('lint.gpuHint')}</p>
      </div>
      {result?.error && (
        <p class="error" role="alert" data-testid="lint-error" data-field={result.error.field}>
          {result.error.message}
        </p>
      )}
      {lint && (
        <div data-testid="lint-answer" aria-live="polite">
          <p>
            <strong data-testid="lint-verdict" data-value={lint.verdict}>
              {lint.engine}: {lint.verdict}
            </strong>{' '}
            {t(`lint.verdict.${lint.verdict}`)}
            {lint.verdict !== 'refused' && (
              <span data-testid="lint-concurrency" data-value={lint.concurrency}>
                {t('sep.sentence')}
                {t('lint.concurrency', { n: lint.concurrency, max: lint.max_seqs })}
              </span>
            )}
          </p>
          <ul data-testid="lint-findings">
            {lint.findings.map((f) => (
              <li key={f.code} data-code={f.code}>
                {findingText(f)}
              </li>
            ))}
          </ul>
          {lint.corrected_command && (
            <Corrected text={lint.corrected_command} label={`${t('lint.corrected')} ${t('lint.rule.closest')}`} rule="closest" />
          )}
          {lint.corrections?.length > 1 && (
            <div data-testid="lint-alternatives">
              <p class="hint">{t('lint.alternatives')}</p>
              {lint.corrections.slice(1).map((c) => (
                <Corrected
                  key={c.rule}
                  text={c.command}
                  rule={c.rule}
                  testid={`lint-alternative-${c.rule}`}
                  copyId={`lint-alternative-${c.rule}-copy`}
                  copyLabel={t('lint.copyThis')}
                  label={t(`lint.rule.${c.rule}`, { weights: c.weights, gpus: c.gpus, seq: c.seq, n: c.max_seqs })}
                />
              ))}
            </div>
          )}
          <p class="hint" data-testid="lint-read">
            {t('lint.read', { flags: Object.entries(lint.recognized).map(([flag, value]) => `${flag} ${value}`).join(', ') || t('lint.readNone') })}
            {lint.ignored.length > 0 && t('lint.ignored', { flags: lint.ignored.join(' ') })}
            {Object.keys(lint.defaults).length > 0 &&
              t('lint.defaults', { flags: Object.entries(lint.defaults).map(([flag, d]) => `${flag} ${d.value}`).join(', ') })}
            .
          </p>
        </div>
      )}
    </section>
  );
}
