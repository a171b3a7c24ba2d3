import type { ActContract } from '../../kernel/act-contract';
import type { Principal } from '../access/principal';
import type { Services } from '../services';

/** What a running async action is given. */
export interface AsyncActionContext {
  services: Services;
  /** The user who started the task, loaded afresh when the job runs: work is done as them. */
  principal: Principal & { userId: string };
  body: Record<string, unknown>;
  /** The Task's key (also the name of its result folder). */
  taskKey: string;
  /** Aborted when the task is killed or the node stops: stop work and return (or throw) quickly. */
  signal: AbortSignal;
  /** Reports progress, 0–100 (kept below 100 until the run returns); throttled and pushed to the user. */
  progress(percentageComplete: number): Promise<void>;
  /** A path under DATA_DIR/tasks/{key}/ for result files; the folder is removed if the task fails or is killed. */
  resultPath(fileName: string): string;
  /** The download URI of a result file written at resultPath(fileName): served only to the task's owner. */
  resultURI(fileName: string): string;
  /**
   * Names the item the run has made and committed (an impact report): the Task names it as its
   * keyItem however the run ends, so a step that fails after the commit still leaves the starter
   * a way to what was made, rather than a failed task with no result.
   */
  made(itemId: string): void;
}

/**
 * A long action run as a background job with a Task item (spec core §3 Task, §7 act/{action}/async).
 * Register one with `services.tasks.registerAsyncAction(name, action)` or a module's `asyncActions`.
 */
export interface AsyncAction {
  /** The act's contract: the task service parses the body with it before anything else (asyncActionsOf). */
  contract?: ActContract;
  /** Who may start it; default: any signed-in user. */
  allowed?(p: Principal): boolean;
  /** Checks the body before a job is queued; throw AppError('invalidInput', …) on bad input. */
  validate?(body: Record<string, unknown>, services: Services, p: Principal): Promise<void> | void;
  /**
   * Does the work; returns the resultURI of the file it produced, if any, or `keyItem`: the id of
   * the item it made (spec core §3 Task keyItem; an impact report), which the starter's screen
   * opens when the task completes.
   */
  run(ctx: AsyncActionContext): Promise<{ resultURI?: string; keyItem?: string } | void>;
}

/**
 * Thrown by a run that failed with a catalogue key for the user (`errors.{errorKey}`); `params`
 * fill the message's placeholders (a file's name, the part of it that is broken) and go with the
 * taskComplete push.
 */
export class TaskError extends Error {
  constructor(
    readonly errorKey: string,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

/** The Task as pushed in taskUpdate/taskComplete and listed in the session's activeTasks. */
export interface TaskWire {
  $id: string;
  key: string;
  asyncKey: string;
  keyAction: string;
  started: string;
  percentageComplete: number;
  resultURI?: string;
  /** The item the task made, when it made one (AsyncAction.run's keyItem). */
  keyItem?: string;
  errorKey?: string;
  errorSys?: string;
  /** The failure message's placeholders (TaskError params), pushed with taskComplete only. */
  errorParams?: Readonly<Record<string, string | number>>;
}
