import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { APPEAL_TEXT_MAX_LENGTH, AppealInputSchema, type AppealView } from '@motema/shared/moderation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiErrorOnForm, zodFormValidator } from '../../lib/form-errors.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { useAppealMutation, useAppealQuery } from './appeals.api.ts';
import { day, NoticeFacts } from './notice-facts.tsx';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

/** The appeal's text box and its sending; the refusals (409 made already, 410 too late) said in words. */
function AppealForm({ token }: { token: string }) {
  const { t } = useTranslation(['appeals', 'validation', 'errors']);
  const appeal = useAppealMutation(token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { text: '' }, validate: zodFormValidator(AppealInputSchema, t) });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    appeal.mutate(values.text, { onError: (error) => setFailure(showApiErrorOnForm(form, error, t)) });
  }, focusFirstErrorOf);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('appeal.text')}
          description={t('appeal.textHint')}
          required
          autosize
          minRows={4}
          maxLength={APPEAL_TEXT_MAX_LENGTH}
          {...form.getInputProps('text')}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={appeal.isPending}>
          {t('appeal.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The notice, and what the member may still do about it: appeal, or read the appeal they made. */
function AppealContent({ token, view }: { token: string; view: AppealView }) {
  const { t } = useTranslation('appeals');
  const late = Date.parse(view.deadline) < Date.now();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <NoticeFacts notice={view.notice} />
      </Paper>
      {view.appeal ? (
        <Alert variant="light" title={t('appeal.sent', { date: day(view.appeal.createdAt) })}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {view.appeal.text}
          </Text>
        </Alert>
      ) : late ? (
        <Text>{t('errors:appeal_too_late')}</Text>
      ) : (
        <>
          <Text size="sm">{t('appeal.deadline', { date: day(view.deadline) })}</Text>
          <AppealForm token={token} />
        </>
      )}
    </Stack>
  );
}

/**
 * `/appeal/:token`: the link of a decision's e-mail, open signed out (a banned member has no session).
 * It shows the decision, the rule in words, the message and until when, and takes one appeal.
 */
export function AppealPage() {
  const { t } = useTranslation(['appeals', 'errors']);
  useDocumentTitle(t('appeal.title'));
  const token = useParams().token ?? '';
  const query = useAppealQuery(token);
  const unknown = isApiError(query.error) && query.error.status === 404;
  return (
    <Container size="sm" px="md" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('appeal.title')}
        </Title>
        {query.data ? (
          <AppealContent token={token} view={query.data} />
        ) : unknown ? (
          <Text role="alert">{t('appeal.unknown')}</Text>
        ) : query.isError ? (
          <LoadFailed
            message={t('appeal.loadFailed')}
            reason={errorText(query.error, t)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <Skeleton height={160} radius="md" />
        )}
      </Stack>
    </Container>
  );
}
