// An admin's question set, checked against the engine's answer keys (energy/answers.ts ANSWER_KEYS): the set holds
// every key exactly once; a question keeps its key's type and unit; options may be fewer (never new ones); a number
// range may be narrower (never wider); defaults must be answers the question accepts; required questions stay asked. So
// no edit can make an answer the engine cannot read.
import type { EngineKeyDefinition } from '@home-energy/shared/schemas/configuration';
import type { QuestionDefinition } from '@home-energy/shared/schemas/property-flow';
import { ANSWER_KEYS, type AnswerKey } from '../../energy/answers';
import { HttpError } from '../../http/errors';
import { defaultQuestions } from '../questions/catalogue';

/** A problem with the set; `code` and `params` let the console say it in its own language. */
interface Issue {
  path: string;
  message: string;
  code: string;
  params?: Record<string, string>;
}

const REQUIRED = new Set(
  defaultQuestions()
    .filter((q) => q.required)
    .map((q) => q.key),
);

/** The engine's keys as the console editor shows them. */
export function engineKeyDefinitions(): Record<string, EngineKeyDefinition> {
  const out: Record<string, EngineKeyDefinition> = {};
  for (const [key, def] of Object.entries(ANSWER_KEYS) as [AnswerKey, (typeof ANSWER_KEYS)[AnswerKey]][]) {
    const base = { type: def.type, required: REQUIRED.has(key) } as EngineKeyDefinition;
    if (def.type === 'selection' || def.type === 'multiple') base.options = [...def.options];
    if (def.type === 'integer' || def.type === 'float')
      Object.assign(base, { unit: def.unit, min: def.min, max: def.max });
    out[key] = base;
  }
  return out;
}

function checkQuestion(q: QuestionDefinition, index: number, engine: EngineKeyDefinition, issues: Issue[]): void {
  const at = (field: string) => `body.questions.${index}.${field}`;
  const data = q.data;
  if (data.type !== engine.type) {
    issues.push({
      path: at('data.type'),
      message: `${q.key}: the engine reads ${engine.type}, not ${data.type}`,
      code: 'engine_type',
      params: { type: engine.type },
    });
    return;
  }
  if (data.type === 'selection' || data.type === 'multiple') {
    const allowed = new Set(engine.options);
    const unknown = data.options.filter((o) => !allowed.has(o));
    if (unknown.length > 0)
      issues.push({
        path: at('data.options'),
        message: `${q.key}: unknown option ${unknown.join(', ')}`,
        code: 'unknown_option',
        params: { options: unknown.join(', ') },
      });
    if (new Set(data.options).size !== data.options.length)
      issues.push({ path: at('data.options'), message: `${q.key}: an option is listed twice`, code: 'option_twice' });
    const defaults = data.type === 'selection' ? (data.default === null ? [] : [data.default]) : data.default;
    const bad = defaults.filter((d) => !data.options.includes(d));
    if (bad.length > 0)
      issues.push({
        path: at('data.default'),
        message: `${q.key}: the default ${bad.join(', ')} is not one of the options`,
        code: 'default_not_offered',
        params: { values: bad.join(', ') },
      });
    for (const lang of ['en', 'sv'] as const) {
      const labelled = Object.keys(q.texts[lang].options ?? {}).filter((o) => !data.options.includes(o));
      if (labelled.length > 0)
        issues.push({
          path: at(`texts.${lang}.options`),
          message: `${q.key}: texts for options that are not asked: ${labelled.join(', ')}`,
          code: 'texts_not_offered',
          params: { options: labelled.join(', ') },
        });
    }
  } else if (data.type === 'integer' || data.type === 'float') {
    if (data.unit !== engine.unit)
      issues.push({
        path: at('data.unit'),
        message: `${q.key}: the unit is ${engine.unit}`,
        code: 'unit',
        params: { unit: String(engine.unit) },
      });
    if (data.min > data.max)
      issues.push({ path: at('data.min'), message: `${q.key}: min is above max`, code: 'min_above_max' });
    if (data.min < engine.min! || data.max > engine.max!) {
      issues.push({
        path: at('data.min'),
        message: `${q.key}: the range must stay within ${engine.min}–${engine.max}`,
        code: 'range',
        params: { min: String(engine.min), max: String(engine.max) },
      });
    }
    if (data.default !== null) {
      if (data.type === 'integer' && !Number.isInteger(data.default))
        issues.push({
          path: at('data.default'),
          message: `${q.key}: the default must be a whole number`,
          code: 'default_whole',
        });
      if (data.default < data.min || data.default > data.max)
        issues.push({
          path: at('data.default'),
          message: `${q.key}: the default must be within ${data.min}–${data.max}`,
          code: 'default_range',
          params: { min: String(data.min), max: String(data.max) },
        });
    }
  }
  if (engine.required && !q.asked)
    issues.push({
      path: at('asked'),
      message: `${q.key}: the engine needs this answer, so it is always asked`,
      code: 'always_asked',
    });
  if (q.required !== engine.required)
    issues.push({
      path: at('required'),
      message: `${q.key}: required is set by the engine (${engine.required})`,
      code: 'required_by_engine',
    });
}

/** The set as it will be stored (positions 0…n−1 in the given order), or a 400 listing every problem. */
export function checkQuestionSet(questions: QuestionDefinition[]): QuestionDefinition[] {
  const engine = engineKeyDefinitions();
  const issues: Issue[] = [];
  const seen = new Set<string>();
  questions.forEach((q, index) => {
    const definition = engine[q.key];
    const path = `body.questions.${index}.key`;
    if (!definition)
      issues.push({ path, message: `${q.key}: not an answer key the engine knows`, code: 'unknown_key' });
    else if (seen.has(q.key)) issues.push({ path, message: `${q.key}: listed twice`, code: 'listed_twice' });
    else checkQuestion(q, index, definition, issues);
    seen.add(q.key);
  });
  const missing = Object.keys(engine).filter((key) => !seen.has(key));
  if (missing.length > 0)
    issues.push({
      path: 'body.questions',
      message: `missing keys: ${missing.join(', ')} (turn a question off instead of removing it)`,
      code: 'missing_keys',
      params: { keys: missing.join(', ') },
    });
  if (issues.length > 0)
    throw new HttpError(
      400,
      'bad_request',
      `Invalid question set: ${issues[0]!.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
      issues,
    );
  return questions.map((q, position) => ({ ...q, position, header: q.texts.en.header }));
}
