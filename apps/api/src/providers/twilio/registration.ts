import type twilio from 'twilio';
import type {
  BrandSubmission,
  CarrierRegistration,
  CarrierRejectionReason,
  RegistrationDecision,
  RegistrationSubmission,
  UseCaseSubmission,
} from '../../ports.ts';
import { isTwilioApiError, withTwilioFailures } from './errors.ts';

type TwilioClient = ReturnType<typeof twilio>;

// Trust Hub policies, as Twilio publishes them: the Secondary Customer Profile and the A2P
// Messaging Profile a brand registration needs.
const CUSTOMER_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
const A2P_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

// Twilio decides brands in minutes and campaigns in days: the first look comes soon, then hourly.
const FIRST_CHECK_MS = 60_000;
const POLL_INTERVAL_MS = 3_600_000;

const usecases: Record<string, string> = {
  two_factor_auth: '2FA',
  account_notifications: 'ACCOUNT_NOTIFICATION',
  customer_care: 'CUSTOMER_CARE',
  delivery_notifications: 'DELIVERY_NOTIFICATION',
  fraud_alerts: 'FRAUD_ALERT',
  higher_education: 'HIGHER_EDUCATION',
  low_volume_mixed: 'LOW_VOLUME',
  marketing: 'MARKETING',
  mixed: 'MIXED',
  polling_voting: 'POLLING_VOTING',
  public_service_announcement: 'PUBLIC_SERVICE_ANNOUNCEMENT',
  security_alerts: 'SECURITY_ALERT',
};

const businessTypes: Record<string, string> = {
  private_company: 'Corporation',
  public_company: 'Corporation',
  non_profit: 'Non-profit Corporation',
  government: 'Partnership',
  sole_proprietor: 'Sole Proprietorship',
};

const companyTypes: Record<string, string> = {
  private_company: 'private',
  public_company: 'public',
  non_profit: 'non-profit',
  government: 'government',
  sole_proprietor: 'private',
};

/** Twilio's field names in registration errors, as our submissions name them. */
const fieldNames: Record<string, string> = {
  BUSINESS_NAME: 'legal_name',
  COMPANY_NAME: 'legal_name',
  LEGAL_NAME: 'legal_name',
  EIN: 'tax_id',
  TAX_ID: 'tax_id',
  BUSINESS_REGISTRATION_NUMBER: 'tax_id',
  WEBSITE: 'website',
  WEBSITE_URL: 'website',
  BUSINESS_WEBSITE: 'website',
  EMAIL: 'support_email',
  PHONE: 'support_phone',
  VERTICAL: 'vertical',
  BUSINESS_INDUSTRY: 'vertical',
  DESCRIPTION: 'description',
  USE_CASE_SUMMARY: 'description',
  MESSAGE_FLOW: 'message_flow',
  MESSAGE_SAMPLES: 'sample_messages',
  PRODUCTION_MESSAGE_SAMPLE: 'sample_messages',
  OPT_OUT_MESSAGE: 'opt_out_message',
  HELP_MESSAGE: 'help_message',
  MESSAGE_VOLUME: 'monthly_volume',
};

// The monthly volumes a toll-free verification states, as Twilio lists them.
const tollFreeVolumes = [10, 100, 1_000, 10_000, 100_000, 250_000, 500_000, 750_000, 1_000_000, 5_000_000];

function tollFreeVolume(monthly: number): string {
  const tier = tollFreeVolumes.find((volume) => volume >= monthly);
  return tier === undefined ? '10,000,000+' : tier.toLocaleString('en-US');
}

/** Twilio's `errors` of a registration ({code, description, fields}) as our reasons, each naming our field. */
function reasonsOf(errors: unknown, fallback: string | null | undefined): CarrierRejectionReason[] {
  type TwilioError = { code?: number | string; description?: string; fields?: string[] };
  const reasons = (Array.isArray(errors) ? (errors as TwilioError[]) : []).map((error) => {
    const fields = Array.isArray(error.fields) ? error.fields : [];
    const field = fields.map((name) => fieldNames[name.toUpperCase()]).find((name) => name !== undefined) ?? null;
    return { code: `twilio_${error.code ?? 'rejected'}`, field, message: error.description ?? 'Rejected.' };
  });
  if (reasons.length > 0) return reasons;
  return [{ code: 'twilio_rejected', field: null, message: fallback || 'Twilio rejected the registration.' }];
}

/** Throughput from a campaign's rate_limits: AT&T's messages a second, T-Mobile's daily cap where set. */
function throughputOf(rateLimits: unknown): { messagesPerMinute: number; dailyCap: number | null } | undefined {
  const limits = (rateLimits ?? {}) as { att?: { mps?: unknown }; tmobile?: { brand_daily_cap?: unknown } };
  const mps = Number(limits.att?.mps);
  if (!Number.isFinite(mps) || mps <= 0) return undefined;
  const cap = Number(limits.tmobile?.brand_daily_cap);
  return { messagesPerMinute: Math.round(mps * 60), dailyCap: Number.isFinite(cap) && cap > 0 ? cap : null };
}

/** A use case as the US A2P campaign (Usa2p) of its Messaging Service. */
function campaignOf(useCase: UseCaseSubmission) {
  return {
    brandRegistrationSid: useCase.brandProviderId,
    description: useCase.description,
    messageFlow: useCase.messageFlow,
    messageSamples: useCase.sampleMessages,
    usAppToPersonUsecase: usecases[useCase.useCase] ?? 'MIXED',
    hasEmbeddedLinks: useCase.hasLinks,
    hasEmbeddedPhone: useCase.hasPhoneNumbers,
    helpMessage: useCase.helpMessage,
    optOutMessage: useCase.optOutMessage,
  };
}

/**
 * The registration calls on Twilio: a brand is a Trust Hub customer profile and A2P messaging
 * profile, submitted for review, and an A2P brand registration over them; a use case is a Messaging
 * Service of its own with a US A2P campaign (Usa2p), and assigning a number adds it to that service;
 * a toll-free verification is a Tollfree Verification of the number.
 */
export function twilioRegistration(client: TwilioClient): CarrierRegistration {
  const trusthub = client.trusthub.v1;
  const messaging = client.messaging.v1;

  async function submitBrand(brand: BrandSubmission): Promise<string> {
    const profile = await trusthub.customerProfiles.create({
      friendlyName: brand.legalName,
      email: brand.supportEmail,
      policySid: CUSTOMER_PROFILE_POLICY,
    });
    const business = await trusthub.endUsers.create({
      friendlyName: brand.legalName,
      type: 'customer_profile_business_information',
      attributes: {
        business_name: brand.legalName,
        business_identity: 'direct_customer',
        business_type: businessTypes[brand.entityType],
        business_industry: brand.vertical.toUpperCase(),
        business_registration_identifier: brand.country === 'US' ? 'EIN' : 'Other',
        business_registration_number: brand.taxId,
        business_regions_of_operation: 'USA_AND_CANADA',
        website_url: brand.website,
      },
    });
    await trusthub.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid: business.sid });
    await trusthub.customerProfiles(profile.sid).update({ status: 'pending-review' });
    const a2p = await trusthub.trustProducts.create({
      friendlyName: `${brand.legalName} A2P`,
      email: brand.supportEmail,
      policySid: A2P_PROFILE_POLICY,
    });
    const messagingProfile = await trusthub.endUsers.create({
      friendlyName: `${brand.legalName} A2P`,
      type: 'us_a2p_messaging_profile_information',
      attributes: { company_type: companyTypes[brand.entityType] },
    });
    await trusthub.trustProducts(a2p.sid).trustProductsEntityAssignments.create({ objectSid: messagingProfile.sid });
    await trusthub.trustProducts(a2p.sid).trustProductsEntityAssignments.create({ objectSid: profile.sid });
    await trusthub.trustProducts(a2p.sid).update({ status: 'pending-review' });
    const registration = await messaging.brandRegistrations.create({
      customerProfileBundleSid: profile.sid,
      a2PProfileBundleSid: a2p.sid,
      brandType: brand.entityType === 'sole_proprietor' ? 'SOLE_PROPRIETOR' : 'STANDARD',
    });
    return registration.sid;
  }

  async function submit(submission: RegistrationSubmission): Promise<string> {
    switch (submission.kind) {
      case 'brand':
        return submitBrand(submission.brand);
      case 'use_case': {
        const { useCase } = submission;
        const service = await messaging.services.create({
          friendlyName: `${usecases[useCase.useCase]} ${useCase.brandProviderId}`,
        });
        const campaign = await messaging.services(service.sid).usAppToPerson.create(campaignOf(useCase));
        return `${service.sid}/${campaign.sid}`;
      }
      case 'toll_free': {
        const { verification } = submission;
        const created = await messaging.tollfreeVerifications.create({
          businessName: verification.brand.legalName,
          businessWebsite: verification.brand.website,
          notificationEmail: verification.brand.supportEmail,
          businessContactEmail: verification.brand.supportEmail,
          businessContactPhone: verification.brand.supportPhone,
          useCaseCategories: [usecases[verification.useCase] ?? 'MIXED'],
          useCaseSummary: verification.description,
          productionMessageSample: verification.sampleMessages.join('\n\n'),
          additionalInformation: verification.messageFlow,
          optInImageUrls: [verification.brand.website],
          optInType: 'WEB_FORM',
          messageVolume: tollFreeVolume(verification.monthlyVolume),
          tollfreePhoneNumberSid: verification.numberProviderId,
        });
        return created.sid;
      }
    }
  }

  async function decision(submission: RegistrationSubmission, providerId: string): Promise<RegistrationDecision> {
    switch (submission.kind) {
      case 'brand': {
        const brand = await messaging.brandRegistrations(providerId).fetch();
        if (brand.status === 'APPROVED') return { status: 'approved' };
        if (brand.status === 'FAILED') return { status: 'rejected', reasons: reasonsOf(brand.errors, brand.failureReason) };
        return { status: 'pending' };
      }
      case 'use_case': {
        const [serviceSid = '', campaignSid = ''] = providerId.split('/');
        const campaign = await messaging.services(serviceSid).usAppToPerson(campaignSid).fetch();
        if (campaign.campaignStatus === 'VERIFIED') {
          const throughput = throughputOf(campaign.rateLimits);
          return throughput ? { status: 'approved', throughput } : { status: 'approved' };
        }
        if (campaign.campaignStatus === 'FAILED') return { status: 'rejected', reasons: reasonsOf(campaign.errors, null) };
        return { status: 'pending' };
      }
      case 'toll_free': {
        const verification = await messaging.tollfreeVerifications(providerId).fetch();
        if (verification.status === 'TWILIO_APPROVED') return { status: 'approved' };
        if (verification.status === 'TWILIO_REJECTED') {
          return { status: 'rejected', reasons: reasonsOf(undefined, verification.rejectionReason) };
        }
        return { status: 'pending' };
      }
    }
  }

  /**
   * A corrected brand is registered anew (Trust Hub profiles and brand registration: Twilio reviews
   * them together). A corrected use case replaces the failed campaign in its Messaging Service, so
   * the numbers in that service stay where they are.
   */
  async function resubmit(submission: Extract<RegistrationSubmission, { kind: 'brand' | 'use_case' }>, providerId: string) {
    if (submission.kind === 'brand') return submitBrand(submission.brand);
    const [serviceSid = '', campaignSid = ''] = providerId.split('/');
    const campaigns = messaging.services(serviceSid).usAppToPerson;
    try {
      await campaigns(campaignSid).remove();
    } catch (error) {
      // Gone already: an earlier correction removed it and then failed to register its successor.
      if (!isTwilioApiError(error) || error.status !== 404) throw error;
    }
    return `${serviceSid}/${(await campaigns.create(campaignOf(submission.useCase))).sid}`;
  }

  return {
    pollIntervalMs: POLL_INTERVAL_MS,
    submit: async (submission) => ({ providerId: await withTwilioFailures(submit(submission)), checkAfterMs: FIRST_CHECK_MS }),
    resubmit: async (submission, providerId) => ({
      providerId: await withTwilioFailures(resubmit(submission, providerId)),
      checkAfterMs: FIRST_CHECK_MS,
    }),
    decision: (submission, providerId) => withTwilioFailures(decision(submission, providerId)),
    async assignNumber(useCaseProviderId, numberProviderId) {
      const [serviceSid = ''] = useCaseProviderId.split('/');
      await withTwilioFailures(messaging.services(serviceSid).phoneNumbers.create({ phoneNumberSid: numberProviderId }));
    },
    async unassignNumber(useCaseProviderId, numberProviderId) {
      const [serviceSid = ''] = useCaseProviderId.split('/');
      await withTwilioFailures(messaging.services(serviceSid).phoneNumbers(numberProviderId).remove());
    },
  };
}
