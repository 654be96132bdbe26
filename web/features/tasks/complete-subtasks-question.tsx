import { Suspense, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

/** What a person chose when completing a task with open subtasks: all of them with it, or the task alone. */
export type SubtaskChoice = 'all' | 'only';

interface Question {
  id: number;
  task: Pick<Task, 'title' | 'subtask_progress'>;
  answer(choice: SubtaskChoice | null): void;
}

let root: Root | undefined;
let current: Question | null = null;
let render: ((question: Question | null) => void) | undefined;
let asked = 0;

/**
 * Asks "Also complete the 3 open subtasks?" (Complete all / Only the task / Cancel) and answers the
 * choice, or null for Cancel, Escape or a click beside it (issue 21). Whatever completes a task asks
 * it, the card's tick, its dialog and the keyboard's x alike (use-task-actions.ts), so the question
 * is not part of any screen: this module, loaded the first time it is needed, keeps a root of its
 * own in the page. The native dialog puts it above the task's dialog when that is open; focus goes
 * back to what completed the task when it closes.
 */
export function askToCompleteSubtasks(task: Question['task']): Promise<SubtaskChoice | null> {
  // A question still open (a second tick meanwhile) is cancelled by the new one.
  current?.answer(null);
  return new Promise((resolve) => {
    const question: Question = {
      id: ++asked,
      task,
      answer(choice) {
        if (current === question) {
          current = null;
          render?.(null);
        }
        resolve(choice);
      },
    };
    current = question;
    if (render) {
      render(question);
    } else if (!root) {
      const container = document.createElement('div');
      container.dataset.testid = 'subtask-question-root';
      document.body.append(container);
      root = createRoot(container);
      root.render(<QuestionHost />);
    }
  });
}

function QuestionHost() {
  const [question, setQuestion] = useState<Question | null>(current);
  useEffect(() => {
    render = setQuestion;
    // Asked between the first render and this effect.
    setQuestion(current);
    return () => {
      render = undefined;
    };
  }, []);
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <CompletionQuestion key={question.id} question={question} />
    </Suspense>
  );
}

function CompletionQuestion({ question }: { question: Question }) {
  const { t } = useTranslation('subtasks');
  const progress = question.task.subtask_progress ?? { done: 0, total: 0 };
  const open = progress.total - progress.done;
  return (
    <Dialog
      open
      onClose={() => question.answer(null)}
      title={t('complete.question', { count: open })}
      size="sm"
      closeLabel={t('common:actions.close')}
      testId="subtask-question"
      footer={
        <>
          <Button variant="outline" onClick={() => question.answer(null)} data-testid="subtask-question-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button variant="outline" onClick={() => question.answer('only')} data-testid="subtask-question-only">
            {t('complete.only')}
          </Button>
          <Button onClick={() => question.answer('all')} data-testid="subtask-question-all">
            {t('complete.all')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg">{t('complete.body', { title: `\u2068${question.task.title}\u2069`, ...progress })}</p>
    </Dialog>
  );
}
