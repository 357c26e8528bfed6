import { candidatePositionsPersonalData } from '../saved-jobs/saved-jobs.personal-data';

/** Issue 11: the job cart, in the export and deleted with the account. */
export const jobCartPersonalData = candidatePositionsPersonalData('jobCart', 'jobCartItems');
