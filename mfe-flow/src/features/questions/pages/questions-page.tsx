import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  useMarkUsable,
  KnowledgeMessages,
  Loading,
  useComputeBuildingMutation,
  useGetAnswersQuery,
  useGetQuestionsQuery,
  useSaveAnswersMutation,
  type AnswersPatch,
  type QuestionDefinition,
} from '@home-energy/shared';
import { QuestionField } from '../components/question-field';
import { checkField, initialValue, isEmpty, type FieldError, type FieldValue } from '../lib/field-value';
import { stepsOf } from '../lib/steps';
import { dashboardPath } from '@home-energy/shared/mfe/pages';

const AUTOSAVE_MS = 800;
const currentYear = () => new Date().getFullYear();

/**
 * /flow/property/:propertyId/questions?step=N: the property profile, a page of questions at a time. Answers are saved
 * as the user goes (shortly after each change and on every step), so a reload loses nothing; the step is in the URL.
 * `?question=<key>` (the results page's "Change" links) opens the step holding that question, focused, with a button
 * straight back to the results.
 */
export function QuestionsPage() {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const { propertyId } = useParams();
  const id = Number(propertyId);
  const validId = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const questions = useGetQuestionsQuery();
  const answers = useGetAnswersQuery(id, { skip: !validId, refetchOnMountOrArgChange: true });
  const [saveAnswers] = useSaveAnswersMutation();
  const [computeBuilding, computing] = useComputeBuildingMutation();
  const [values, setValues] = useState<Record<string, FieldValue> | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);

  const steps = useMemo(() => stepsOf(questions.data?.questions ?? []), [questions.data]);
  const byKey = useMemo(() => new Map((questions.data?.questions ?? []).map((q) => [q.key, q])), [questions.data]);
  const wanted = params.get('question');
  const wantedStep = wanted ? steps.findIndex((list) => list.some((q) => q.key === wanted)) : -1;
  const stepIndex =
    params.get('step') === null && wantedStep >= 0
      ? wantedStep
      : Math.min(Math.max(Number(params.get('step') ?? '1') || 1, 1), Math.max(steps.length, 1)) - 1;
  const step = steps[stepIndex] ?? [];
  const focusedQuestion = useRef<string | null>(null);
  // Usable once the first questions are on the page with their answers.
  useMarkUsable(values !== null && steps.length > 0);

  useEffect(() => {
    if (values || !questions.data || !answers.data) return;
    const start: Record<string, FieldValue> = {};
    for (const q of questions.data.questions)
      start[q.key] = initialValue(q, answers.data.answers[q.key], answers.data.register[q.key]);
    // The form's first render in React's short slices: as an effect's plain update it was one long task.
    startTransition(() => setValues(start));
  }, [values, questions.data, answers.data]);

  useEffect(() => {
    document.title = t('questions.title');
  }, [t]);

  // The question a "Change" link names: scrolled into view and focused once its step has rendered.
  useEffect(() => {
    if (!values || wantedStep < 0 || focusedQuestion.current === wanted) return;
    const field = formRef.current?.querySelector<HTMLElement>(`[data-question="${wanted}"]`);
    if (!field) return;
    focusedQuestion.current = wanted;
    field.scrollIntoView?.({ block: 'center' });
    field.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [values, wanted, wantedStep, stepIndex]);

  /** Sends the changed answers that are valid (cleared ones as null); returns false when saving failed. */
  const saveChanges = useCallback(async (): Promise<boolean> => {
    if (!values || dirty.current.size === 0) return true;
    const patch: AnswersPatch = {};
    const sent: string[] = [];
    for (const key of dirty.current) {
      const q = byKey.get(key);
      if (!q) continue;
      const { answer, error } = checkField(q, values[key] ?? null, currentYear());
      if (error && !isEmpty(values[key] ?? null)) continue;
      if (answer === null && answers.data?.answers[key] === undefined) {
        sent.push(key);
        continue;
      }
      patch[key] = answer;
      sent.push(key);
    }
    if (Object.keys(patch).length === 0) {
      sent.forEach((key) => dirty.current.delete(key));
      return true;
    }
    try {
      await saveAnswers({ id, answers: patch }).unwrap();
      sent.forEach((key) => dirty.current.delete(key));
      setProblem(null);
      return true;
    } catch {
      setProblem(t('questions.saveFailed'));
      return false;
    }
  }, [values, byKey, answers.data, saveAnswers, id, t]);

  useEffect(() => {
    if (!values || dirty.current.size === 0) return;
    const timer = setTimeout(() => void saveChanges(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, saveChanges]);

  if (!validId || answers.isError || questions.isError) {
    const notFound =
      !validId ||
      (answers.error && 'status' in answers.error && (answers.error.status === 404 || answers.error.status === 400));
    return (
      <section className="he-card" role="alert">
        <h1>{t('questions.title')}</h1>
        <p>{notFound ? t('questions.notFound') : t('questions.loadFailed')}</p>
        {notFound ? (
          <Link to="/">{t('questions.toSearch')}</Link>
        ) : (
          <button
            type="button"
            className="he-button"
            onClick={() => void Promise.all([questions.refetch(), answers.refetch()])}
          >
            {t('questions.retry')}
          </button>
        )}
      </section>
    );
  }
  if (!values || steps.length === 0) return <Loading />;

  function setValue(key: string, value: FieldValue) {
    dirty.current.add(key);
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!current[key]) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }

  function checkStep(list: QuestionDefinition[]): boolean {
    const found: Record<string, FieldError> = {};
    for (const q of list) {
      const { error } = checkField(q, values![q.key] ?? null, currentYear());
      if (error) found[q.key] = error;
    }
    setErrors(found);
    const first = list.find((q) => found[q.key]);
    if (first) {
      // Move focus to the first question to fix, so keyboard and screen-reader users land on it.
      const field = formRef.current?.querySelector<HTMLElement>(
        `[data-question="${first.key}"] input, [data-question="${first.key}"] select`,
      );
      field?.focus();
      return false;
    }
    return true;
  }

  function goTo(index: number) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('step', String(index + 1));
      return next;
    });
    window.scrollTo?.({ top: 0 });
  }

  async function onNext() {
    if (!checkStep(step)) return;
    if (!(await saveChanges())) return;
    if (stepIndex < steps.length - 1) return goTo(stepIndex + 1);
    await showResults();
  }

  /** Computes the building with the saved answers and opens the results, which then show the new figures. */
  async function showResults() {
    try {
      const building = await computeBuilding({ id }).unwrap();
      const missing = building.errors.find((e) => e.code === 'missing_answers');
      if (missing) {
        setProblem(t('questions.missing'));
        return goTo(0);
      }
      navigate(dashboardPath(id));
    } catch {
      setProblem(t('questions.computeFailed'));
    }
  }

  async function onBack() {
    await saveChanges();
    goTo(stepIndex - 1);
  }

  const last = stepIndex === steps.length - 1;
  return (
    <section className="flow-questions" aria-labelledby="questions-title">
      <p className="flow-eyebrow">{answers.data?.property.name}</p>
      <h1 id="questions-title">{t('questions.title')}</h1>
      <p className="flow-lead">{t('questions.intro')}</p>
      <div className="flow-progress">
        <progress max={steps.length} value={stepIndex + 1} aria-labelledby="questions-progress" />
        <span id="questions-progress">{t('questions.progress', { step: stepIndex + 1, total: steps.length })}</span>
      </div>
      {problem ? (
        <p className="flow-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <form
        ref={formRef}
        className="he-card flow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onNext();
        }}
      >
        {step.map((q) => (
          <div key={q.key}>
            <QuestionField
              question={q}
              value={values[q.key] ?? null}
              error={errors[q.key] ?? null}
              onChange={(value) => setValue(q.key, value)}
            />
            <KnowledgeMessages question={q.key} />
          </div>
        ))}
        <div className="flow-actions">
          {stepIndex > 0 ? (
            <button type="button" className="he-button he-button--secondary" onClick={() => void onBack()}>
              {t('questions.back')}
            </button>
          ) : (
            <Link className="he-button he-button--secondary" to="/">
              {t('questions.back')}
            </Link>
          )}
          {wantedStep >= 0 && !last ? (
            <button
              type="button"
              className="he-button he-button--secondary"
              disabled={computing.isLoading}
              onClick={() => void (async () => checkStep(step) && (await saveChanges()) && (await showResults()))()}
            >
              {t('questions.saveAndShow')}
            </button>
          ) : null}
          <button type="submit" className="he-button" disabled={computing.isLoading}>
            {last ? (computing.isLoading ? t('questions.computing') : t('questions.finish')) : t('questions.next')}
          </button>
        </div>
      </form>
    </section>
  );
}
