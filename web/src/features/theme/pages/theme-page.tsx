import { useState } from 'react';
import { Link } from 'react-router';
import { CUSTOM_PRESET, getPreset, lowContrastChecks } from '@earmark/common';
import type { ThemeColorKey } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { PageFrame } from '../../../components/page-frame';
import { getTheme, resetTheme, setTheme, useTheme } from '../../../lib/theme';
import { useCurrentUser } from '../../../lib/current-user';
import { useSaveTheme } from '../api';
import { ColorEditor } from '../components/color-editor';
import { ContrastNote, formatRatio, lowContrastSummary } from '../components/contrast-note';
import { PresetGrid } from '../components/preset-grid';
import styles from './theme-page.module.css';

/**
 * Saves the theme to the account. A theme with text that is hard to read is
 * saved only after a warning naming the worst pair and its ratio.
 */
function SaveToAccount({ userId, savedMatches }: { userId: string; savedMatches: boolean }) {
  const theme = useTheme();
  const save = useSaveTheme(userId);
  const [warned, setWarned] = useState(false);
  const low = lowContrastChecks(theme.colors);
  const [worst] = low;

  function saveNow() {
    setWarned(false);
    save.mutate({ preset: theme.preset, colors: theme.colors });
  }

  return (
    <>
      <Button
        loading={save.isPending}
        disabled={savedMatches}
        onClick={() => (low.length > 0 ? setWarned(true) : saveNow())}
      >
        {savedMatches ? 'Saved to account' : 'Save to account'}
      </Button>
      {warned && worst && (
        <div role="alert" className={styles.saveWarning}>
          <p>
            {lowContrastSummary(low)} The worst, {worst.label.toLowerCase()}, is{' '}
            {formatRatio(worst.ratio)}. Save this theme anyway?
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" size="small" onClick={saveNow}>
              Save anyway
            </Button>
            <Button variant="text" size="small" onClick={() => setWarned(false)}>
              Keep editing
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

export default function ThemePage() {
  const theme = useTheme();
  const { user } = useCurrentUser();
  const presetName =
    theme.preset === CUSTOM_PRESET ? 'Custom' : (getPreset(theme.preset)?.name ?? 'Custom');
  const saved = user?.theme;
  const savedMatches =
    !!saved &&
    saved.preset === theme.preset &&
    JSON.stringify(saved.colors) === JSON.stringify(theme.colors);

  function editColor(key: ThemeColorKey, value: string) {
    // Read the store, not the render's snapshot, so quick edits never undo each other.
    setTheme({ preset: CUSTOM_PRESET, colors: { ...getTheme().colors, [key]: value } });
  }

  return (
    <PageFrame
      title="Theme"
      description="Pick one of Earmark's colour themes or make your own."
      heading="Theme"
    >
      <p className={styles.intro}>
        Pick a theme for Earmark, or fine-tune every colour yourself. Changes apply at once and are
        remembered in this browser.
      </p>
      <div className={styles.layout}>
        <section aria-labelledby="presets-title">
          <h2 id="presets-title" className={styles.sectionTitle}>
            Presets
          </h2>
          <PresetGrid
            value={theme.preset}
            onSelect={(preset) => setTheme({ preset: preset.id, colors: preset.colors })}
          />
        </section>

        <section aria-labelledby="custom-title" className={styles.panel}>
          <div className={styles.panelHeader}>
            <h2 id="custom-title" className={styles.sectionTitle}>
              Custom colours
            </h2>
            <span className={styles.current}>
              Current: <strong>{presetName}</strong>
            </span>
          </div>
          <ColorEditor colors={theme.colors} onChange={editColor} />
          <ContrastNote colors={theme.colors} />
          <div className={styles.actions}>
            {user && <SaveToAccount userId={user.id} savedMatches={savedMatches} />}
            <Button variant="secondary" onClick={resetTheme} disabled={!theme.stored}>
              Use system default
            </Button>
          </div>
          {!user && (
            <p className={styles.hint}>
              <Link to={paths.login.href(paths.theme.href())}>Log in</Link> to save your theme to
              your account and use it on every device.
            </p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
