/**
 * Two people and the message between them: a light inline drawing (no bitmap to download) whose
 * background follows the colour scheme through Mantine's variables.
 */
export function StartIllustration() {
  return (
    <svg
      viewBox="0 0 320 176"
      width="100%"
      aria-hidden
      focusable="false"
      style={{ display: 'block', maxWidth: 400, height: 'auto', aspectRatio: '320 / 176', margin: '0 auto' }}
    >
      <rect x="16" y="40" width="288" height="136" rx="68" fill="var(--mantine-color-coral-light)" />
      <circle cx="36" cy="34" r="6" fill="#E8A33D" />
      <circle cx="292" cy="58" r="4" fill="#E8A33D" />
      <circle cx="270" cy="24" r="3" fill="var(--mantine-color-coral-filled)" />
      <g>
        <circle cx="92" cy="98" r="24" fill="#6B3E26" />
        <path d="M48 176a44 44 0 0 1 88 0z" fill="var(--mantine-color-coral-filled)" />
      </g>
      <g>
        <circle cx="228" cy="98" r="24" fill="#B0764A" />
        <path d="M184 176a44 44 0 0 1 88 0z" fill="#E8A33D" />
      </g>
      <path
        d="M132 10h56a14 14 0 0 1 14 14v26a14 14 0 0 1-14 14h-20l-8 10-8-10h-20a14 14 0 0 1-14-14V24a14 14 0 0 1 14-14z"
        fill="var(--mantine-color-body)"
        stroke="var(--mantine-color-coral-filled)"
        strokeWidth="3"
      />
      <path
        d="M160 54s-14-8.4-14-18.4c0-5 3.8-8.8 8.4-8.8 2.5 0 4.5 1.2 5.6 3 1.1-1.8 3.1-3 5.6-3 4.6 0 8.4 3.8 8.4 8.8 0 10-14 18.4-14 18.4z"
        fill="var(--mantine-color-coral-filled)"
      />
    </svg>
  );
}
