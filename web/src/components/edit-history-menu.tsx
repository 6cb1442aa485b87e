import { EditIcon, HistoryIcon, MoreIcon } from './extra-icons';
import { Menu } from './menu';
import styles from './edit-history-menu.module.css';

export interface EditHistoryMenuProps {
  /** The entity's name, naming the menu ('Kid A options'). */
  name: string;
  /** Its edit page and its history page. */
  editHref: string;
  historyHref: string;
}

/** The options menu of a release, artist, label or genre page: Edit and History. */
export function EditHistoryMenu({ name, editHref, historyHref }: EditHistoryMenuProps) {
  return (
    <Menu
      label={`${name} options`}
      trigger={<MoreIcon size={22} />}
      triggerClassName={styles.menuButton}
      items={[
        { key: 'edit', label: 'Edit', icon: <EditIcon size={18} />, to: editHref },
        { key: 'history', label: 'History', icon: <HistoryIcon size={18} />, to: historyHref },
      ]}
    />
  );
}
