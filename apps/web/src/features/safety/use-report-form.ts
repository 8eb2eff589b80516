import { useForm } from '@mantine/form';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { REPORT_REASONS, ReportSchema, type ReportReason } from '@motema/shared/safety';
import { isApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { notify, notifyError } from '../../lib/notices.ts';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { useBlockMutation, useReportMutation, type ForgetReported } from './safety.api.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';
import { tabDraft } from '../../lib/form-draft.ts';

export type ReportValues = {
  reason: ReportReason | '';
  subReason: string;
  text: string;
  /** Block the member as well once the report is sent. */
  alsoBlock: boolean;
};

/** What a screen may name beside the member: one of their posts, comments, photos, stories or lives. */
const TARGETS = ['post', 'comment', 'photo', 'story', 'live'] as const;
type Target = Partial<Record<(typeof TARGETS)[number], string>>;

/**
 * What the report is about beyond the member, when the screen that opened the form named it in the
 * navigation's state: one of their posts or comments (the posts feature's menus), a photo (the
 * profile's photo viewer), a story (the story viewer's menu) or a live (the viewer's screen).
 */
function targetOf(state: unknown): Target {
  const named = (state ?? {}) as Record<string, unknown>;
  const key = TARGETS.find((target) => typeof named[target] === 'string');
  return key ? { [key]: named[key] as string } : {};
}

export const subReasonsOf = (reason: ReportReason | '') =>
  reason ? (REPORT_REASONS[reason] as readonly string[]) : [];

const EMPTY: ReportValues = { reason: '', subReason: '', text: '', alsoBlock: false };

/**
 * What the form held before a reload (kept for the tab until the report is sent, lib/form-draft.ts:
 * a report sent while offline is not lost if the page reloads before the phone is back online),
 * each value kept only if it is still one the form offers.
 */
function keptValues(kept: Partial<ReportValues> | null): ReportValues {
  if (!kept) return EMPTY;
  const reason = kept.reason && kept.reason in REPORT_REASONS ? kept.reason : '';
  const subReason = subReasonsOf(reason).includes(kept.subReason ?? '') ? kept.subReason! : '';
  return { reason, subReason, text: kept.text ?? '', alsoBlock: kept.alsoBlock === true };
}

/** What a report page reports: a member (maybe through a post or a comment of theirs), or a zone. */
export type ReportKind = 'member' | 'zone';

/**
 * The report form of member (or zone) `id`: choosing a reason (its only sub-reason chosen with it,
 * else the sub-reasons brought on screen), sending, and what a failure says (under the fields, or
 * `failure`). Sent, a reported member is forgotten by the cached lists (`forget`) and the member goes
 * back where they came from.
 */
export function useReportForm(id: string, forget?: ForgetReported, kind: ReportKind = 'member') {
  const { t } = useTranslation(['safety', 'validation', 'errors']);
  const location = useLocation();
  const navigate = useNavigate();
  const report = useReportMutation({ forget });
  // Blocking as well, in the same step (as Tinder and Bumble offer): the lists forget them alike.
  const block = useBlockMutation({ forget });
  const [failure, setFailure] = useState<string | null>(null);
  const subReasonsRef = useRef<HTMLDivElement>(null);
  const draft = useMemo(
    () =>
      tabDraft<ReportValues>(`motema.reportDraft.${kind}.${id}`, [
        'reason',
        'subReason',
        'text',
        'alsoBlock',
      ]),
    [kind, id],
  );
  const form = useForm<ReportValues>({
    initialValues: keptValues(draft.read()),
    onValuesChange: (values) => draft.keep(values),
    validate: zodFormValidator(ReportSchema, t, (values: ReportValues) => ({
      [kind === 'zone' ? 'zone' : 'user']: id,
      reason: values.reason || undefined,
      subReason: values.subReason || undefined,
      text: values.text,
    })),
  });

  const chooseReason = (value: string) => {
    const next = value as ReportReason;
    const only = subReasonsOf(next);
    form.setValues({ reason: next, subReason: only.length === 1 ? only[0]! : '' });
    form.clearFieldError('reason');
    form.clearFieldError('subReason');
    setFailure(null);
    // On a phone the sub-reasons open below the fold: bring them up once they are drawn.
    if (only.length > 1) {
      requestAnimationFrame(() =>
        subReasonsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }),
      );
    }
  };

  const chooseSubReason = (value: string) => {
    form.setFieldValue('subReason', value);
    setFailure(null);
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    report.mutate(
      {
        ...(kind === 'zone' ? { zone: id } : { user: id, ...targetOf(location.state) }),
        reason: values.reason as ReportReason,
        subReason: values.subReason,
        text: values.text.trim(),
      },
      {
        onSuccess: async () => {
          draft.forget();
          let sent = 'report.sent';
          if (values.alsoBlock) {
            try {
              await block.mutateAsync(id);
              sent = 'report.sentAndBlocked';
            } catch (error) {
              if (isSessionEnd(error)) return;
              notifyError(errorText(error, t));
            }
          }
          notify('positive', t(sent), 6000);
          // The initial entry of the history has the key "default": nowhere to go back to.
          if (location.key !== 'default') void navigate(-1);
          else void navigate('/home', { replace: true });
        },
        onError: (error) => {
          if (isSessionEnd(error)) return;
          if (isApiError(error) && error.issues.length > 0) applyServerErrors(form, error, t);
          else setFailure(errorText(error, t));
        },
      },
    );
  }, focusFirstErrorOf);

  return {
    form,
    failure,
    subReasonsRef,
    chooseReason,
    chooseSubReason,
    submit,
    sending: report.isPending || block.isPending,
  };
}
