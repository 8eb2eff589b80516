import { useTranslation } from 'react-i18next';
import type { MessageHandlers } from './message-list.tsx';
import { ThreadRow } from '../thread/thread-row.tsx';
import classes from '../thread/thread.module.css';
import type { ThreadItem } from '../thread/thread-types.ts';

/** Two messages of one sender this close in time form one group. */
const GROUP_GAP_MS = 5 * 60_000;

const createdAtOf = (item: ThreadItem) =>
  item.kind === 'message' ? item.message.createdAt : item.entry.createdAt;
const senderOf = (item: ThreadItem) => (item.kind === 'pending' || item.mine ? 'me' : 'other');
const dayOf = (iso: string) => new Date(iso).toDateString();

function dayLabel(iso: string, language: string, t: (key: string) => string): string {
  const date = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (date.toDateString() === today.toDateString()) return t('list.today');
  if (date.toDateString() === yesterday.toDateString()) return t('list.yesterday');
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

type Props = MessageHandlers & {
  items: ThreadItem[];
  meId: string;
  otherName: string;
  /** The message lit up after a jump to it. */
  highlight: string | null;
  onJump: (messageId: string) => void;
};

/** The thread's rows, oldest first: a separator before each new day, bubbles grouped by sender. */
export function MessageRows({ items, meId, otherName, highlight, onJump, ...handlers }: Props) {
  const { t, i18n } = useTranslation('thread');
  const language = i18n.resolvedLanguage ?? 'en';
  return items.map((item, index) => {
    const before = items[index - 1];
    const at = createdAtOf(item);
    const newDay = !before || dayOf(createdAtOf(before)) !== dayOf(at);
    const grouped =
      !newDay &&
      !!before &&
      senderOf(before) === senderOf(item) &&
      Date.parse(at) - Date.parse(createdAtOf(before)) < GROUP_GAP_MS;
    return (
      <div key={item.key}>
        {newDay && (
          <div className={classes.day}>
            <span className={classes.dayLabel}>{dayLabel(at, language, t)}</span>
          </div>
        )}
        <ThreadRow
          item={item}
          meId={meId}
          otherName={otherName}
          grouped={grouped}
          highlighted={item.kind === 'message' && highlight === item.message._id}
          language={language}
          onJump={onJump}
          {...handlers}
        />
      </div>
    );
  });
}
