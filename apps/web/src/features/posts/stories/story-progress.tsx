import classes from './story-viewer.module.css';

type Props = {
  count: number;
  /** The story on screen: the bars before it are full, those after it empty. */
  index: number;
  /** Changes when the story on screen starts anew (another story, or the same one again). */
  round: string;
  /** A photo's time on screen; null for a video, whose bar follows `fraction`. */
  seconds: number | null;
  running: boolean;
  fraction: number;
  /** The photo's time is up. */
  onEnd: () => void;
  label: string;
};

/**
 * One bar per story of the member. A photo's bar fills by a CSS animation of its seconds, paused with
 * the story (no timer and no render per frame on a cheap phone), whose end moves on; a video's bar
 * follows the video's own time.
 */
export function StoryProgress({ count, index, round, seconds, running, fraction, onEnd, label }: Props) {
  return (
    <div
      className={classes.bars}
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={count}
      aria-valuenow={index + 1}
    >
      {Array.from({ length: count }, (_, bar) => (
        <div key={bar} className={classes.bar}>
          {bar < index && <div className={classes.fill} data-state="done" />}
          {bar === index &&
            (seconds === null ? (
              <div className={classes.fill} style={{ transform: `scaleX(${fraction})` }} data-state="video" />
            ) : (
              <div
                key={round}
                className={classes.fill}
                data-state="timed"
                style={{
                  animationDuration: `${seconds}s`,
                  animationPlayState: running ? 'running' : 'paused',
                }}
                onAnimationEnd={onEnd}
              />
            ))}
        </div>
      ))}
    </div>
  );
}
