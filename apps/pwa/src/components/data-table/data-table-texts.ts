import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every text of the data table: its i18n key under `dataTable.` and the English default used
 * until the key is in the translation files. Kept in one place so the list of keys to translate
 * is this object.
 * @internal
 */
export const DATA_TABLE_TEXTS = {
  range: { key: 'dataTable.range', en: '{{start}}-{{end}} of {{total}}' },
  rangeAtLeast: { key: 'dataTable.rangeAtLeast', en: '{{start}}-{{end}} of {{total}}+' },
  rowsPerPage: { key: 'dataTable.rowsPerPage', en: 'Rows per page' },
  firstPage: { key: 'dataTable.firstPage', en: 'First page' },
  previousPage: { key: 'dataTable.previousPage', en: 'Previous page' },
  nextPage: { key: 'dataTable.nextPage', en: 'Next page' },
  lastPage: { key: 'dataTable.lastPage', en: 'Last page' },
  sortBy: { key: 'dataTable.sortBy', en: 'Sort by {{column}}' },
  searchColumn: { key: 'dataTable.searchColumn', en: 'Search {{column}}' },
  filterColumn: { key: 'dataTable.filterColumn', en: 'Filter {{column}}' },
  search: { key: 'dataTable.search', en: 'Search' },
  removeFilter: { key: 'dataTable.removeFilter', en: 'Remove the {{column}} filter' },
  resetFilters: { key: 'dataTable.resetFilters', en: 'Reset filters' },
  searchOptions: { key: 'dataTable.searchOptions', en: 'Search options' },
  noOptions: { key: 'dataTable.noOptions', en: 'No matching options' },
  apply: { key: 'dataTable.apply', en: 'Apply' },
  reset: { key: 'dataTable.reset', en: 'Reset' },
  minAmount: { key: 'dataTable.minAmount', en: 'Min amount' },
  maxAmount: { key: 'dataTable.maxAmount', en: 'Max amount' },
  amountRequired: { key: 'dataTable.amountRequired', en: 'Enter both a minimum and a maximum amount' },
  amountInvalid: { key: 'dataTable.amountInvalid', en: 'Enter amounts as numbers, minimum not above maximum' },
  fromDate: { key: 'dataTable.fromDate', en: 'From' },
  toDate: { key: 'dataTable.toDate', en: 'To' },
  dateRangeInvalid: { key: 'dataTable.dateRangeInvalid', en: 'The start date cannot be after the end date' },
  dateInvalid: { key: 'dataTable.dateInvalid', en: 'Enter dates as dd/mm/yyyy' },
  datePattern: { key: 'dataTable.datePattern', en: 'dd/mm/yyyy' },
  quickDates: { key: 'dataTable.quickDates', en: 'Quick dates' },
  quickOneDay: { key: 'dataTable.quick.oneDay', en: 'One day' },
  quickTwoDays: { key: 'dataTable.quick.twoDays', en: 'Two days' },
  quickThreeDays: { key: 'dataTable.quick.threeDays', en: 'Three days' },
  quickOneWeek: { key: 'dataTable.quick.oneWeek', en: 'One week' },
  quickOneMonth: { key: 'dataTable.quick.oneMonth', en: 'One month' },
  selectAll: { key: 'dataTable.selectAll', en: 'Select all rows on this page' },
  selectRow: { key: 'dataTable.selectRow', en: 'Select row' },
  empty: { key: 'dataTable.empty', en: 'No data' },
  offline: { key: 'dataTable.offline', en: 'Offline: showing saved data' },
  notSaved: { key: 'dataTable.notSaved', en: 'Offline: not saved on this device yet' },
  notSavedHint: { key: 'dataTable.notSavedHint', en: 'This view was never opened online on this device. It loads as soon as the connection is back.' },
  goBack: { key: 'dataTable.goBack', en: 'Go back' },
  moreColumnsEnd: { key: 'dataTable.moreColumnsEnd', en: 'Show the next columns' },
  moreColumnsStart: { key: 'dataTable.moreColumnsStart', en: 'Show the previous columns' },
  rowActions: { key: 'dataTable.rowActions', en: 'Actions' },
  rowActionsOf: { key: 'dataTable.rowActionsOf', en: 'Actions for {{row}}' },
  updatedSeconds: { key: 'dataTable.updated.seconds', en: 'Updated {{count}} seconds ago', one: 'Updated {{count}} second ago' },
  updatedMinutes: { key: 'dataTable.updated.minutes', en: 'Updated {{count}} minutes ago', one: 'Updated {{count}} minute ago' },
  updatedHours: { key: 'dataTable.updated.hours', en: 'Updated {{count}} hours ago', one: 'Updated {{count}} hour ago' },
  updatedDays: { key: 'dataTable.updated.days', en: 'Updated {{count}} days ago', one: 'Updated {{count}} day ago' },
} as const;

export type DataTableTextName = keyof typeof DATA_TABLE_TEXTS;

/** Translates a data-table text, falling back to its English default. */
export function useDataTableText(): (name: DataTableTextName, params?: Record<string, string | number>) => string {
  const { t } = useTranslation();
  return useCallback(
    (name, params) => {
      const text: { key: string; en: string; one?: string } = DATA_TABLE_TEXTS[name];
      // i18next picks `defaultValue_one` for a count of 1 until the key is translated.
      const singular = text.one === undefined ? {} : { defaultValue_one: text.one };
      return t(text.key, { defaultValue: text.en, ...singular, ...params });
    },
    [t],
  );
}
