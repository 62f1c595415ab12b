import {useEffect, useState} from 'react';
import {validators} from '@generated/sigil-api-validators/index.js';
import type {RootSchema} from '../form';
import type {ValidationError} from '../logic';

export type Validate = ((data: unknown) => boolean) & {errors?: ValidationError[] | null; schema?: RootSchema};

export interface ValidatorState {
  validate?: Validate;
  /** Why there is no validator, when it could not load. */
  failed?: string;
}

/** Loads the operation's validator (compiled at build time, one small module per operation, carrying its schema). */
export function useValidator(operationId: string): ValidatorState {
  const [state, setState] = useState<ValidatorState>({});
  useEffect(() => {
    let live = true;
    const load = validators[operationId];
    if (!load) {
      setState({failed: `No validator for ${operationId}`});
      return undefined;
    }
    load()
      .then((module) => {
        if (live) setState({validate: module.default as Validate});
      })
      .catch((error: unknown) => {
        if (live) setState({failed: `The validator could not load (${(error as Error).message})`});
      });
    return () => {
      live = false;
    };
  }, [operationId]);
  return state;
}
