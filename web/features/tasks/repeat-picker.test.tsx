import { cleanup, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import type { RecurrenceFrom } from '../../../common/constants.ts';
import common from '../../i18n/locales/en/common.json';
import schedule from '../../i18n/locales/en/schedule.json';
import { renderWithProviders } from '../../test-render.tsx';
import { RepeatPicker, weekOrder } from './repeat-picker.tsx';

// A Thursday, the 18th of March 2027: the third Thursday of its month.
const DUE = '2027-03-18';

/** The control as the task dialog holds it: the rule and what it counts from in the form's state. */
function Form({ initial, rules }: { initial: string; rules: string[] }) {
  const [value, setValue] = useState(initial);
  const [from, setFrom] = useState<RecurrenceFrom>('due_date');
  return (
    <RepeatPicker
      value={value}
      onChange={(rule) => {
        rules.push(rule);
        setValue(rule);
      }}
      from={from}
      onFromChange={setFrom}
      reference={DUE}
    />
  );
}

async function open(initial = '') {
  const rules: string[] = [];
  const user = await renderWithProviders(<Form initial={initial} rules={rules} />, { common, schedule });
  return { user, rules, last: () => rules.at(-1) };
}

const kind = () => screen.getByLabelText('Repeat');
const interval = () => within(screen.getByTestId('repeat-interval')).getByRole('spinbutton');
const day = (name: string) => screen.getByRole('button', { name });
async function setNumber(user: UserEvent, field: HTMLElement, value: number) {
  await user.clear(field);
  await user.type(field, String(value));
  await user.tab();
}

type Steps = (user: UserEvent) => Promise<void>;
const choose =
  (value: string): Steps =>
  (user) =>
    user.selectOptions(kind(), value);
const then =
  (...steps: Steps[]): Steps =>
  async (user) => {
    for (const step of steps) await step(user);
  };
const every =
  (n: number): Steps =>
  (user) =>
    setNumber(user, interval(), n);
const press =
  (name: string): Steps =>
  (user) =>
    user.click(day(name));
const monthlyBy =
  (value: string): Steps =>
  (user) =>
    user.selectOptions(screen.getByLabelText('Which day'), value);

/** Every kind the control offers, made through it: the steps, the rule written, and how the control shows it again. */
const KINDS: Array<[string, Steps, string, () => void]> = [
  ['daily', choose('daily'), 'FREQ=DAILY;INTERVAL=1', () => expect(interval()).toHaveValue(1)],
  ['every 3 days', then(choose('daily'), every(3)), 'FREQ=DAILY;INTERVAL=3', () => expect(interval()).toHaveValue(3)],
  ['weekdays', choose('weekdays'), 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR', () => expect(kind()).toHaveValue('weekdays')],
  [
    'weekly on Monday and Thursday',
    then(choose('weekly'), press('Mon')),
    'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH',
    () => {
      expect(day('Mon')).toHaveAttribute('aria-pressed', 'true');
      expect(day('Thu')).toHaveAttribute('aria-pressed', 'true');
      expect(day('Tue')).toHaveAttribute('aria-pressed', 'false');
    },
  ],
  [
    'every 2 weeks on Tuesday',
    then(choose('weekly'), every(2), press('Tue'), press('Thu')),
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
    () => {
      expect(interval()).toHaveValue(2);
      expect(day('Tue')).toHaveAttribute('aria-pressed', 'true');
      expect(day('Thu')).toHaveAttribute('aria-pressed', 'false');
    },
  ],
  [
    'every 2 months on day 5',
    then(choose('monthly'), every(2), (user) => setNumber(user, screen.getByLabelText('Day of the month'), 5)),
    'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=5',
    () => expect(screen.getByLabelText('Day of the month')).toHaveValue(5),
  ],
  [
    'monthly on its last day',
    then(choose('monthly'), monthlyBy('lastDay')),
    'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1',
    () => expect(screen.getByLabelText('Which day')).toHaveValue('lastDay'),
  ],
  [
    'monthly on the third Thursday (the due date’s)',
    then(choose('monthly'), monthlyBy('nth')),
    'FREQ=MONTHLY;INTERVAL=1;BYDAY=+3TH',
    () => expect(screen.getByRole('option', { name: 'On the third Thursday' })).toHaveProperty('selected', true),
  ],
  [
    'every 3 months on the last Friday',
    then(choose('monthly'), every(3), monthlyBy('nth'), (user) =>
      user
        .selectOptions(screen.getByLabelText('Which one'), '-1')
        .then(() => user.selectOptions(screen.getByLabelText('Day of the week'), '4')),
    ),
    'FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR',
    () => {
      expect(screen.getByLabelText('Which one')).toHaveValue('-1');
      expect(screen.getByLabelText('Day of the week')).toHaveValue('4');
    },
  ],
  ['yearly on the due date', choose('yearly'), 'FREQ=YEARLY;INTERVAL=1', () => expect(screen.getByText('On March 18')).toBeInTheDocument()],
  ['every 2 years', then(choose('yearly'), every(2)), 'FREQ=YEARLY;INTERVAL=2', () => expect(interval()).toHaveValue(2)],
];

describe('the repeat control (issue 21)', () => {
  test.each(KINDS)('%s: control → RRULE → control → the same RRULE', async (_name, steps, rule, shows) => {
    const made = await open();
    await steps(made.user);
    expect(made.last()).toBe(rule);
    cleanup();

    // Opened again on the stored rule: it shows the same choice, and writes the same rule back.
    const again = await open(rule);
    expect(kind()).toHaveValue(
      rule.startsWith('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR') ? 'weekdays' : rule.match(/FREQ=(\w+)/)![1]!.toLowerCase(),
    );
    shows();
    if (screen.queryByTestId('repeat-interval')) {
      const n = Number((interval() as HTMLInputElement).value);
      await setNumber(again.user, interval(), n + 1);
      await setNumber(again.user, interval(), n);
    } else {
      await again.user.selectOptions(kind(), 'daily');
      await again.user.selectOptions(kind(), 'weekdays');
    }
    expect(again.last()).toBe(rule);
  });

  test('says the rule in words as it will be followed, from the due date or from completion', async () => {
    const { user } = await open('FREQ=WEEKLY;INTERVAL=1');
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every Thursday');
    await user.click(screen.getByLabelText('When I complete it'));
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every week, counted from each completion');
  });

  test('a rule set elsewhere that the control cannot show stays a choice, worded', async () => {
    const { user, last } = await open('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1,15');
    expect(kind()).toHaveValue('custom');
    expect(screen.getByRole('option', { name: 'Every month' })).toBeInTheDocument();
    await user.selectOptions(kind(), 'none');
    expect(last()).toBe('');
    await user.selectOptions(kind(), 'custom');
    expect(last()).toBe('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1,15');
  });

  test('the last chosen day stays chosen; an emptied number changes nothing', async () => {
    const { user, rules } = await open('FREQ=WEEKLY;INTERVAL=1;BYDAY=TH');
    await user.click(day('Thu'));
    expect(day('Thu')).toHaveAttribute('aria-pressed', 'true');
    expect(rules.at(-1) ?? 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TH').toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TH');
    await user.clear(interval());
    expect(rules.every((rule) => rule === 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TH')).toBe(true);
  });

  test('days follow the week of the language’s region', () => {
    expect(weekOrder('en')[0]).toBe(6); // Sunday
    expect(weekOrder('ar')[0]).toBe(5); // Saturday
    expect(weekOrder('de')[0]).toBe(0); // Monday
  });
});
