// The applicant every suite shares (shared-api/testing).
export { TEST_APPLICANT } from 'shared-api/testing';
