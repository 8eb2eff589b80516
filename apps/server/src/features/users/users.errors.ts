import { fieldIssue, invalidFields } from '../../lib/app-error.ts';

export const underage = () => invalidFields(fieldIssue('dateOfBirth', 'underage'));
