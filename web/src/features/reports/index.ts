/** What other features use of reports: the 'Report' action with its dialog. */
export { ReportButton } from './components/report-button';
